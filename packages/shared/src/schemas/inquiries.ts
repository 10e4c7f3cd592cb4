import { z } from 'zod';
import { CONTACT_PREFERENCES, MESSAGE_MAX_LENGTH } from '../constants/messaging';
import { TEXTS } from '../constants/texts';
import { dbId } from './common';
import { MessageProduct } from './messages';

export const InquiryRequest = z.object({
  productId: dbId('Product is required'),
  message: z
    .string({ error: TEXTS.inquiryMessageRequired })
    .trim()
    .min(1, TEXTS.inquiryMessageRequired)
    .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`),
  contactPreference: z.enum(CONTACT_PREFERENCES, { error: 'Contact preference must be email, phone or both' }).default('email'),
  /**
   * Optional (decision 533): the product page asks a question and orders only through the basket,
   * so its form sends none; a quantity sent is checked (1 to min(stock or 10, 10), spec 01 §5) and
   * told to the farm; none is stored as 1, the column's default, and not told.
   */
  requestedQuantity: z.coerce.number({ error: 'Quantity must be a number' }).int('Quantity must be a whole number').optional(),
});
export type InquiryRequest = z.input<typeof InquiryRequest>;

export const InquiryStatus = z.enum(['new', 'responded', 'closed']);

export const Inquiry = z.object({
  id: z.number(),
  product: MessageProduct,
  message: z.string(),
  contactPreference: z.enum(CONTACT_PREFERENCES),
  requestedQuantity: z.number(),
  status: InquiryStatus,
  created_at: z.string(),
  conversationId: z.number().nullable(),
  /** Received inquiries: who asked and how to reach them (phone only when they chose phone or both). */
  customer: z.object({ id: z.number(), email: z.string(), phone: z.string().nullable() }).optional(),
  /** Sent inquiries: whom it went to. */
  producer: z.object({ user_id: z.number(), farm_name: z.string().nullable() }).optional(),
});
export type Inquiry = z.infer<typeof Inquiry>;

export const InquiryResponse = z.object({ message: z.string(), inquiry: Inquiry });
export type InquiryResponse = z.infer<typeof InquiryResponse>;
export const InquiryListResponse = z.object({ inquiries: z.array(Inquiry), total: z.number() });
export type InquiryListResponse = z.infer<typeof InquiryListResponse>;
