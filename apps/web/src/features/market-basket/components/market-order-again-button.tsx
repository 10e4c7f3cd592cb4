import type { MarketOffer, MarketOrder } from '@farmstand/shared/schemas/market-basket';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { itemsFrom, OrderAgainDialog } from '@/components/ui/order-again-dialog';
import { ApiError, api, errorMessage } from '@/lib/api';
import { marketDayText } from '@/lib/pickup-time';
import { addToMarketBasket } from '../market-basket';
import { type MarketOrderAgain, marketOrderAgain } from '../market-order-again';

type Result = MarketOrderAgain & { offer: MarketOffer };

/**
 * "Order again" on a market order, or on one farm's part of it (`partId`): the lines go into the
 * market's basket for its coming market day, as each farm offers them that day, and a dialog says
 * what changed and what was left out.
 */
export function MarketOrderAgainButton({ marketOrderId, partId }: { marketOrderId: number; partId?: number }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const order = await api.get<MarketOrder>(`/market-orders/${marketOrderId}`);
      const parts = partId === undefined ? order.parts : order.parts.filter((p) => p.id === partId);
      const offer = await api.get<MarketOffer>(`/markets/${order.marketId}/offer`);
      const again = marketOrderAgain(parts, offer);
      const market = { marketId: offer.marketId, slug: offer.slug, marketName: offer.name, date: offer.date };
      for (const line of again.lines) addToMarketBasket(market, line);
      setResult({ ...again, offer });
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 404
          ? 'The market takes no orders ahead now.'
          : errorMessage(failure, 'Could not read what the market offers; try again'),
      );
    } finally {
      setBusy(false);
    }
  };

  const what = partId === undefined ? `market order #${marketOrderId}` : `order #${partId}`;
  return (
    <>
      <Button variant="secondary" size="sm" isLoading={busy} onClick={run}>
        Order again
      </Button>
      <FormError className="w-full">{error}</FormError>
      {result && (
        <OrderAgainDialog
          summary={
            result.lines.length === 0
              ? `Nothing from ${what} can be reserved for ${marketDayText(result.offer.date)}.`
              : `${itemsFrom(result.lines, what)} in your market basket for ${result.offer.name} on ${marketDayText(result.offer.date)}.`
          }
          changes={result.changes}
          next={result.lines.length > 0 ? { to: `/markets/${result.offer.slug}/basket`, label: 'Review basket' } : null}
          onClose={() => setResult(null)}
        />
      )}
    </>
  );
}
