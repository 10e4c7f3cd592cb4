import { forbidden } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';

/** A producer's figures are theirs alone; admins see every producer's. */
export function assertAnalyticsReader(user: AuthUser, producerUserId: number): void {
  if (user.userType !== 'admin' && user.id !== producerUserId) throw forbidden('You can only view analytics for your own farm');
}
