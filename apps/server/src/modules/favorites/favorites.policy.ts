import { TEXTS } from '@farmstand/shared';
import type { AppContext } from '../../lib/context';
import { forbidden } from '../../lib/errors';

/**
 * Who may call the favourites routes (spec 01 §5): consumers; guests are asked to sign in, producers
 * refused with their own text, admins (not consumers either) with the generic one.
 */
export const FAVORITES_ACCESS = {
  access: ['consumer'],
  accessMessages: {
    signIn: TEXTS.favoritesSignIn,
    denied: { producer: TEXTS.producersCannotFavorite, admin: 'Only consumer accounts can save favorites' },
  },
} as const;

/** When an admin switches the feature off, every favourites call but the public count answers 403. */
export async function assertFavoritesOn(ctx: AppContext): Promise<void> {
  const features = await ctx.settings.get('features');
  if (!features.enable_favorites) throw forbidden('Favorites are currently turned off');
}
