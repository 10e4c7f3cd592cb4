import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context';
import { requireRole } from '../../plugins/auth';

export const PRODUCER_ONLY_BILLING = 'Only producer accounts have a subscription';

/** Subscriptions belong to producers: guests get a 401, consumers and admins a 403. */
export const requireProducer = (ctx: AppContext, request: FastifyRequest) =>
  requireRole(ctx, request, ['producer'], PRODUCER_ONLY_BILLING);

export const requireAdmin = (ctx: AppContext, request: FastifyRequest) => requireRole(ctx, request, ['admin']);
