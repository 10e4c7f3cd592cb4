import { TEXTS } from '@farmstand/shared';
import { MESSAGING_TEXTS, maxInquiryQuantity } from '@farmstand/shared/constants/messaging';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { isProductPublic } from '../producers';
import type { InquiryProduct } from './inquiries.repository';

/** Spec 01 §5 inquiry rules, enforced on the server; the web form mirrors them. */
export function assertCanInquire(
  user: AuthUser,
  product: InquiryProduct | undefined,
  requestedQuantity: number | undefined,
  now: Date,
): InquiryProduct {
  // Only products the public can see may be asked about.
  if (!product || !isProductPublic(product, now)) throw notFound(MESSAGING_TEXTS.productNotFound);
  if (product.producerUserId === user.id && user.userType !== 'admin') throw forbidden(TEXTS.ownProductInquiry);
  if (product.producerUserId === user.id) throw badRequest(MESSAGING_TEXTS.cannotMessageSelf);
  if (product.availability !== 'available') throw badRequest(MESSAGING_TEXTS.productUnavailable);
  const max = maxInquiryQuantity(product.stockQuantity);
  // A question without a quantity (the product page's form, decision 533) has none to check.
  if (requestedQuantity !== undefined && (requestedQuantity < 1 || requestedQuantity > max)) {
    throw badRequest(`Requested quantity must be between 1 and ${max}`, 'requestedQuantity');
  }
  return product;
}
