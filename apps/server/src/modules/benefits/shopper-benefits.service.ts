import { BENEFIT_PROGRAMMES } from '@farmstand/shared/benefits/programmes';
import type { ShopperBenefits, ShopperBenefitsRequest, ShopperBenefitsSaved } from '@farmstand/shared/schemas/benefits';
import type { AppContext } from '../../lib/context';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './shopper-benefits.repository';

/**
 * The benefits a shopper says they use, saved for themselves (decision 516): private, read and
 * changed only by the signed-in user, never shown to a farm or an admin, and forgotten on request
 * (the row is deleted). Farmstand never takes or processes a benefit: this only remembers a choice.
 */

/** In the programmes' own order, whatever order they were sent in. */
const ordered = (uses: readonly string[]) => BENEFIT_PROGRAMMES.filter((p) => uses.includes(p));

export async function mine(ctx: AppContext, user: AuthUser): Promise<ShopperBenefits> {
  return { uses: ordered(await repo.findUses(ctx.db, user.id)) };
}

export async function saveMine(ctx: AppContext, user: AuthUser, input: ShopperBenefitsRequest): Promise<ShopperBenefitsSaved> {
  const uses = ordered(input.uses);
  await repo.saveUses(ctx.db, user.id, uses, ctx.clock.now());
  return {
    uses,
    message: uses.length > 0 ? 'Your benefits are saved. Only you see them.' : 'Saved: no benefits. Only you see this.',
  };
}

export async function forgetMine(ctx: AppContext, user: AuthUser) {
  await repo.deleteUses(ctx.db, user.id);
  return { message: 'Your saved benefits are forgotten' };
}
