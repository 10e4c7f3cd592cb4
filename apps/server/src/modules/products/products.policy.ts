import type { AuthUser } from '../../plugins/auth';
import type { ProductWithProducer } from './products.repository';

/** The owner changes a product; admins moderate any product (spec 02 §6). */
export function canManageProduct(user: AuthUser | null, row: ProductWithProducer): boolean {
  if (!user) return false;
  return user.userType === 'admin' || row.producer.userId === user.id;
}

/** Whether the public may see it: active, not removed, and its producer listed (docs/decisions/034). */
export function isProductPublic(row: ProductWithProducer): boolean {
  return row.product.active && row.product.moderationStatus === 'approved' && row.listed;
}

export function canViewProduct(user: AuthUser | null, row: ProductWithProducer): boolean {
  return isProductPublic(row) || canManageProduct(user, row);
}
