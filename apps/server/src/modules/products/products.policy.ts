import type { AuthUser } from '../../plugins/auth';
import { isProductListed } from '../producers';
import type { ProductWithProducer } from './products.repository';

/** The owner changes a product; admins moderate any product (spec 02 §6). */
export function canManageProduct(user: AuthUser | null, row: ProductWithProducer): boolean {
  if (!user) return false;
  return user.userType === 'admin' || row.producer.userId === user.id;
}

/** Whether the public may see it: listed, and its producer listed (`listed`, read with producers.visibility.ts's SQL). */
export function isProductPublic(row: ProductWithProducer): boolean {
  return isProductListed(row.product) && row.listed;
}

export function canViewProduct(user: AuthUser | null, row: ProductWithProducer): boolean {
  return isProductPublic(row) || canManageProduct(user, row);
}
