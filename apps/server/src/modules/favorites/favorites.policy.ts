import { TEXTS } from '@farmstand/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context';
import { AppError, forbidden, unauthorized } from '../../lib/errors';
import { type AuthUser, bearerToken, requireUser } from '../../plugins/auth';

/** Who may call the favourites routes (config.access): the texts match requireFavoritesUser's. */
export const FAVORITES_ACCESS = {
  access: ['consumer'],
  accessMessages: {
    signIn: TEXTS.favoritesSignIn,
    denied: { producer: TEXTS.producersCannotFavorite, admin: 'Only consumer accounts can save favorites' },
  },
} as const;

/**
 * Favourites belong to consumers (spec 01 §5): guests are asked to sign in, producers are refused.
 * Admins are not consumers either, so they are refused with the generic message. When an admin
 * switches the feature off, every favourites call answers 403.
 */
export async function requireFavoritesUser(ctx: AppContext, request: FastifyRequest): Promise<AuthUser> {
  const features = await ctx.settings.get('features');
  if (!features.enable_favorites) throw forbidden('Favorites are currently turned off');
  if (!(await request.currentUser()) && !bearerToken(request)) throw unauthorized(TEXTS.favoritesSignIn);
  const user = await requireUser(ctx, request);
  if (user.userType === 'producer') throw forbidden(TEXTS.producersCannotFavorite);
  if (user.userType !== 'consumer') throw new AppError(403, 'Only consumer accounts can save favorites');
  return user;
}
