import { TEXTS } from '@farmstand/shared';
import { MESSAGING_TEXTS, maxInquiryQuantity } from '@farmstand/shared/constants/messaging';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { isSubscriptionInGoodStanding } from '../billing/subscription-status';
import type { InquiryProduct } from './inquiries.repository';

/**
 * Only products the public can see may be asked about: not deleted, not removed by an admin, of an
 * active account whose subscription is in good standing (as the product pages list them).
 */
export function isListed(product: InquiryProduct): boolean {
  const subscription = product.subscription?.status ? product.subscription : null;
  return (
    product.active &&
    product.moderationStatus === 'approved' &&
    product.producerStatus === 'active' &&
    isSubscriptionInGoodStanding(subscription)
  );
}

/** Spec 01 §5 inquiry rules, enforced on the server; the web form mirrors them. */
export function assertCanInquire(user: AuthUser, product: InquiryProduct | undefined, requestedQuantity: number): InquiryProduct {
  if (!product || !isListed(product)) throw notFound(MESSAGING_TEXTS.productNotFound);
  if (product.producerUserId === user.id && user.userType !== 'admin') throw forbidden(TEXTS.ownProductInquiry);
  if (product.producerUserId === user.id) throw badRequest(MESSAGING_TEXTS.cannotMessageSelf);
  if (product.availability !== 'available') throw badRequest(MESSAGING_TEXTS.productUnavailable);
  const max = maxInquiryQuantity(product.stockQuantity);
  if (requestedQuantity < 1 || requestedQuantity > max) {
    throw badRequest(`Requested quantity must be between 1 and ${max}`, 'requestedQuantity');
  }
  return product;
}
