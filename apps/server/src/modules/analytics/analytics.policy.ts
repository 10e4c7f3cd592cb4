import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context';
import { forbidden } from '../../lib/errors';
import { requireUser } from '../../plugins/auth';

/** A producer's figures are theirs alone; admins see every producer's. */
export async function requireProducerAnalyticsReader(ctx: AppContext, request: FastifyRequest, producerUserId: number) {
  const user = await requireUser(ctx, request);
  if (user.userType === 'admin' || user.id === producerUserId) return user;
  throw forbidden('You can only view analytics for your own farm');
}
