import type { BenefitTable } from '@farmstand/shared/benefits/programmes';
import { formatCents } from '@farmstand/shared/format/money';
import type { TendersRequest } from '@farmstand/shared/schemas/benefits';
import type { StandAction, StandCatalog, StandSaleAction } from '@farmstand/shared/schemas/stand';
import { type ReactNode, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import {
  acceptedKinds,
  addToBasket,
  incentiveOf,
  lineCents,
  linesOfSale,
  planOf,
  removeOne,
  type SaleLine,
  standLines,
  totalsOf,
} from '../sale';
import { readSelfCheckout } from '../self-checkout';
import { filterTiles, type Tile, tilesOf } from '../tiles';
import { TenderPanel } from './tender-panel';
import { TextReceipt } from './text-receipt';
import { WeightDialog } from './weight-dialog';

/** How many matching tiles are drawn at first. */
export const TILES_SHOWN = 60;

/**
 * The register (issue 47 item 1): the farm's products and variants as big tiles with a search box,
 * a tap adds one (a by-weight item asks for the pack's weight), the basket with its amounts, tax
 * and total, then Pay. A three-item cash sale is six taps: three tiles, Pay, Cash exact, Done.
 */
export function Register({
  catalog,
  table,
  device,
  pointId = null,
  onRecord,
  checkout,
  savedText = 'Sale saved on this phone.',
  reopen = null,
}: {
  catalog: StandCatalog;
  table: BenefitTable;
  device: string;
  /** The farm's place the phone sells at (`StandCatalog.places`), or null for the farm's first. */
  pointId?: number | null;
  onRecord: (action: StandAction) => Promise<unknown>;
  /** Another pay step (the self-checkout's honour box and card link) instead of the tender panel. */
  checkout?: (sale: { totalCents: number; pay: (tenders: TendersRequest) => Promise<void>; back: () => void }) => ReactNode;
  /** What the screen says once a sale is stored. */
  savedText?: string;
  /** A refused sale to ring up again: its lines start the basket (give the Register a new `key` for another). */
  reopen?: StandSaleAction | null;
}) {
  const tiles = useMemo(() => tilesOf(catalog), [catalog]);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterTiles(tiles, search), [tiles, search]);
  const [showAll, setShowAll] = useState(false);
  // Drawing hundreds of tiles is what a phone is slow at (the search itself takes microseconds):
  // the first TILES_SHOWN matches are drawn, the rest on request or by searching.
  const visible = showAll ? shown : shown.slice(0, TILES_SHOWN);
  const [lines, setLines] = useState<SaleLine[]>(() => (reopen ? linesOfSale(reopen, tiles) : []));
  const [weighing, setWeighing] = useState<Tile | null>(null);
  const [paying, setPaying] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  // The last sale's id: its receipt link, given at once, offline (decision 580).
  const [lastSale, setLastSale] = useState<string | null>(null);

  // The basket keeps its tiles; a fresh catalogue (stock) replaces them by key.
  const current = (tile: Tile) => tiles.find((t) => t.key === tile.key) ?? tile;
  const basket = lines.map((line) => ({ ...line, tile: current(line.tile) }));
  const totals = totalsOf(basket, catalog, table);
  const inBasket = (key: string) => basket.find((line) => line.tile.key === key)?.quantity ?? 0;

  const tap = (tile: Tile) => {
    setSaved(null);
    setLastSale(null);
    if (tile.weightUnit) setWeighing(tile);
    else setLines((l) => addToBasket(l, tile));
  };

  const complete = async (tenders: TendersRequest, receiptEmail: string | null, changeCents: number) => {
    const id = crypto.randomUUID();
    await onRecord({
      id,
      kind: 'sale',
      at: new Date().toISOString(),
      device,
      pointId,
      lines: standLines(basket),
      tenders,
      receiptEmail,
    });
    setLines([]);
    setPaying(false);
    setSearch('');
    setSaved(changeCents > 0 ? `${savedText} Change due ${formatCents(changeCents)}.` : savedText);
    setLastSale(id);
  };

  if (paying && checkout)
    return checkout({
      totalCents: totals.totalCents,
      pay: (tenders) => complete(tenders, null, 0),
      back: () => setPaying(false),
    });

  if (paying)
    return (
      <TenderPanel
        kinds={acceptedKinds(catalog, pointId)}
        cardLink={readSelfCheckout(catalog.farm.user_id)?.cardLink ?? null}
        totalsFor={(snap) => totalsOf(basket, catalog, table, snap)}
        plan={planOf(basket, catalog, table, pointId)}
        incentive={incentiveOf(catalog, pointId)}
        receipt
        doneLabel="Done"
        onBack={() => setPaying(false)}
        onDone={complete}
      />
    );

  return (
    <div className="pb-20 lg:grid lg:grid-cols-[1fr_22rem] lg:gap-6 lg:pb-0">
      <div>
        {saved && (
          <div className="mb-3 rounded-lg bg-green-50 px-3 py-2 dark:bg-green-950">
            <p role="status" className="font-semibold text-green-900 dark:text-green-200">
              {saved}
            </p>
            {/* Not on the unattended stand's tablet: the next buyer would see this one's link. */}
            {lastSale && !checkout && (
              <div className="mt-2">
                <TextReceipt key={lastSale} actionId={lastSale} farmName={catalog.farm.farm_name} />
              </div>
            )}
          </div>
        )}
        <label className="block">
          <span className="sr-only">Search the farm's products</span>
          <input
            type="search"
            className={`${inputClasses} text-lg`}
            placeholder="Search products"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4" aria-label="Products">
          {visible.map((tile) => (
            <li key={tile.key}>
              <TileButton tile={tile} count={inBasket(tile.key)} onTap={() => tap(tile)} />
            </li>
          ))}
        </ul>
        {shown.length === 0 && <p className="mt-4 text-stone-700 dark:text-stone-300">Nothing matches “{search}”.</p>}
        {visible.length < shown.length && (
          <p className="mt-3 text-sm text-stone-700 dark:text-stone-300">
            Showing {visible.length} of {shown.length}: search to find the rest, or{' '}
            <button type="button" className="font-semibold underline" onClick={() => setShowAll(true)}>
              show all {shown.length}
            </button>
            .
          </p>
        )}
      </div>

      <Basket
        lines={basket}
        totals={totals}
        onMore={(line) => (line.tile.weightUnit ? setWeighing(line.tile) : setLines((l) => addToBasket(l, line.tile)))}
        onLess={(line) => setLines((l) => removeOne(l, line.tile.key))}
        onPay={() => setPaying(true)}
      />

      {/* On a phone and a tablet the Pay button stays in reach, above the phone's tab bar. */}
      <PayButton
        lines={basket}
        totalCents={totals.totalCents}
        onPay={() => setPaying(true)}
        className="fixed inset-x-0 bottom-[calc(3.5rem+env(safe-area-inset-bottom))] z-20 bg-white/90 p-3 md:bottom-0 lg:hidden dark:bg-stone-950/90"
      />

      {weighing?.weightUnit && (
        <WeightDialog
          name={weighing.name}
          unit={weighing.weightUnit}
          priceCents={weighing.priceCents}
          onClose={() => setWeighing(null)}
          onAdd={(milli) => {
            setLines((l) => addToBasket(l, weighing, milli));
            setWeighing(null);
          }}
        />
      )}
    </div>
  );
}

function stockText(stock: number | null): { text: string; tone: string } | null {
  if (stock === null) return null;
  if (stock < 0) return { text: `Oversold by ${-stock}`, tone: 'text-red-800 dark:text-red-300' };
  if (stock === 0) return { text: 'None left', tone: 'text-amber-800 dark:text-amber-300' };
  return { text: `${stock} left`, tone: 'text-stone-700 dark:text-stone-300' };
}

function TileButton({ tile, count, onTap }: { tile: Tile; count: number; onTap: () => void }) {
  const stock = stockText(tile.stock);
  return (
    <button
      type="button"
      onClick={onTap}
      aria-label={`${tile.name}, ${formatCents(tile.priceCents)}${tile.weightUnit ? ` per ${tile.weightUnit}` : ''}${count ? `, ${count} in basket` : ''}`}
      className="relative flex h-full min-h-24 w-full flex-col items-start justify-between rounded-xl border border-stone-300 bg-white p-3 text-left shadow-sm transition active:scale-[0.98] hover:border-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 dark:border-stone-700 dark:bg-stone-900 dark:hover:border-green-500"
    >
      <span className={`line-clamp-2 font-semibold text-stone-900 dark:text-stone-100 ${count > 0 ? 'pr-7' : ''}`}>
        {tile.name}
      </span>
      <span className="mt-2 flex w-full items-end justify-between gap-2">
        <span className="font-semibold tabular-nums text-brand-800 dark:text-green-300">
          {formatCents(tile.priceCents)}
          {tile.weightUnit && `/${tile.weightUnit}`}
        </span>
        {stock && <span className={`text-xs ${stock.tone}`}>{stock.text}</span>}
      </span>
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute right-2 top-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white dark:bg-green-300 dark:text-stone-950"
        >
          {count}
        </span>
      )}
    </button>
  );
}

function Basket({
  lines,
  totals,
  onMore,
  onLess,
  onPay,
}: {
  lines: SaleLine[];
  totals: ReturnType<typeof totalsOf>;
  onMore: (line: SaleLine) => void;
  onLess: (line: SaleLine) => void;
  onPay: () => void;
}) {
  return (
    <section aria-label="Basket" className="mt-6 lg:mt-0">
      <div className="rounded-xl border border-stone-200 bg-white p-4 lg:sticky lg:top-4 dark:border-stone-700 dark:bg-stone-900">
        <h2 className="font-semibold">Basket</h2>
        {lines.length === 0 ? (
          <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">Tap a product to add it.</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-200 dark:divide-stone-700">
            {lines.map((line) => (
              <li key={line.tile.key} className="py-2">
                <div className="flex items-start justify-between gap-2">
                  <span className="min-w-0 font-medium">{line.tile.name}</span>
                  <span className="font-semibold tabular-nums">{formatCents(lineCents(line))}</span>
                </div>
                <div className="mt-1 flex items-center justify-between gap-2">
                  <span className="min-w-0 text-sm text-stone-700 dark:text-stone-300">
                    {line.weightsMilli
                      ? `${line.weightsMilli.map((w) => String(w / 1000)).join(' + ')} ${line.tile.weightUnit}`
                      : `${line.quantity} × ${formatCents(line.tile.priceCents)}`}
                  </span>
                  <span className="flex items-center gap-2">
                    <Button variant="secondary" aria-label={`One fewer ${line.tile.name}`} onClick={() => onLess(line)}>
                      −
                    </Button>
                    <span className="w-6 text-center tabular-nums">{line.quantity}</span>
                    <Button variant="secondary" aria-label={`One more ${line.tile.name}`} onClick={() => onMore(line)}>
                      +
                    </Button>
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
        <dl className="mt-3 space-y-1 text-sm">
          {totals.taxCents > 0 && (
            <div className="flex justify-between">
              <dt>Sales tax ({totals.ratePercent}%)</dt>
              <dd className="tabular-nums">{formatCents(totals.taxCents)}</dd>
            </div>
          )}
          <div className="flex justify-between text-lg font-bold">
            <dt>Total</dt>
            <dd className="tabular-nums" data-testid="stand-basket-total">
              {formatCents(totals.totalCents)}
            </dd>
          </div>
        </dl>
      </div>
      <PayButton lines={lines} totalCents={totals.totalCents} onPay={onPay} className="mt-3 hidden lg:block" />
    </section>
  );
}

export function PayButton({
  lines,
  totalCents,
  onPay,
  className,
}: {
  lines: SaleLine[];
  totalCents: number;
  onPay: () => void;
  className: string;
}) {
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <div className={className}>
      <Button size="lg" className="w-full text-lg shadow-lg" disabled={lines.length === 0} onClick={onPay}>
        {lines.length === 0 ? 'Pay' : `Pay ${formatCents(totalCents)} · ${count} ${count === 1 ? 'item' : 'items'}`}
      </Button>
    </div>
  );
}
