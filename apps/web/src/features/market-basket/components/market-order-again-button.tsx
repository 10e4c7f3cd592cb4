import type { MarketOffer, MarketOrder } from '@farmstand/shared/schemas/market-basket';
import { itemsFrom, OrderAgainAction } from '@/components/ui/order-again-action';
import { ApiError, api, errorMessage } from '@/lib/api';
import { marketDayText } from '@/lib/pickup-time';
import { addToMarketBasket } from '../market-basket';
import { marketOrderAgain } from '../market-order-again';

/**
 * "Order again" on a market order, or on one farm's part of it (`partId`): the lines go into the
 * market's basket for its coming market day, as each farm offers them that day, and a dialog says
 * what changed and what was left out.
 */
export function MarketOrderAgainButton({ marketOrderId, partId }: { marketOrderId: number; partId?: number }) {
  const what = partId === undefined ? `market order #${marketOrderId}` : `order #${partId}`;
  const fill = async () => {
    const order = await api.get<MarketOrder>(`/market-orders/${marketOrderId}`);
    const parts = partId === undefined ? order.parts : order.parts.filter((p) => p.id === partId);
    const offer = await api.get<MarketOffer>(`/markets/${order.marketId}/offer`);
    const again = marketOrderAgain(parts, offer);
    const market = { marketId: offer.marketId, slug: offer.slug, marketName: offer.name, date: offer.date };
    for (const line of again.lines) addToMarketBasket(market, line);
    const day = marketDayText(offer.date);
    return {
      summary:
        again.lines.length === 0
          ? `Nothing from ${what} can be reserved for ${day}.`
          : `${itemsFrom(again.lines, what)} in your market basket for ${offer.name} on ${day}.`,
      changes: again.changes,
      next: again.lines.length > 0 ? { to: `/markets/${offer.slug}/basket`, label: 'Review basket' } : null,
    };
  };
  return (
    <OrderAgainAction
      fill={fill}
      failure={(error) =>
        error instanceof ApiError && error.status === 404
          ? 'The market takes no orders ahead now.'
          : errorMessage(error, 'Could not read what the market offers; try again')
      }
    />
  );
}
