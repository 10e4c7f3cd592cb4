import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CardBenefitBadges } from '@/components/ui/card-benefit-badges';
import { formatPrice } from '@/lib/format';
import { listingPrice } from '@/lib/listing-price';
import { type FreshKind, useFreshListing } from './api';
import { BreadArt, EggsArt, HoneyArt, VegBoxArt } from './food-art';

type Kind = FreshKind & {
  art: ReactNode;
  color: string;
  /** Shown only when the directory has no listing of the kind (spec 01 §1's sample product). */
  sample: { name: string; farm: string; price: number; unit: string };
};

/** The spec's four kinds (spec 01 §1): eggs, sourdough bread, honey and a vegetable box. */
const KINDS: Kind[] = [
  {
    category: 'eggs',
    art: <EggsArt />,
    color: 'from-amber-100 to-amber-200 dark:from-amber-900/40 dark:to-amber-800/40',
    sample: { name: 'Farm Fresh Eggs', farm: 'Green Valley Farm', price: 5, unit: 'dozen' },
  },
  {
    category: 'bread',
    search: 'sourdough',
    art: <BreadArt />,
    color: 'from-orange-100 to-orange-200 dark:from-orange-900/40 dark:to-orange-800/40',
    sample: { name: 'Sourdough Bread', farm: "Miller's Bakery", price: 8, unit: 'loaf' },
  },
  {
    category: 'honey',
    art: <HoneyArt />,
    color: 'from-yellow-100 to-yellow-200 dark:from-yellow-900/40 dark:to-yellow-800/40',
    sample: { name: 'Raw Wildflower Honey', farm: 'Bluegrass Apiaries', price: 12, unit: 'pint' },
  },
  {
    category: 'produce',
    search: 'vegetable box',
    art: <VegBoxArt />,
    color: 'from-green-100 to-green-200 dark:from-green-900/40 dark:to-green-800/40',
    sample: { name: 'Seasonal Vegetable Box', farm: 'Sunrise Acres', price: 25, unit: 'box' },
  },
];

/** The products of a kind in the catalogue: where a sample card leads. */
function catalogueLink(kind: FreshKind): string {
  const params = new URLSearchParams({ category: kind.category });
  if (kind.search) params.set('search', kind.search);
  return `/products?${params}`;
}

/**
 * One card: the newest available listing of its kind, linked to its page; while it loads, lines of
 * the same height; when there is none (or the directory cannot be reached), the sample text linked to
 * the catalogue of that kind.
 */
function FreshCard({ kind }: { kind: Kind }) {
  const listing = useFreshListing(kind);
  const found = listing.data ?? null;
  const shown = found
    ? { to: `/product/${found.id}`, name: found.name, farm: found.farm_name, price: listingPrice(found) ?? formatPrice(null) }
    : {
        to: catalogueLink(kind),
        name: kind.sample.name,
        farm: kind.sample.farm,
        price: formatPrice(kind.sample.price, kind.sample.unit),
      };
  const picture = (
    <div className={`flex h-36 items-center justify-center bg-gradient-to-br ${kind.color}`} aria-hidden="true">
      {kind.art}
    </div>
  );
  const frame =
    'block overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm dark:border-stone-800 dark:bg-stone-900';
  if (listing.isPending) {
    return (
      <div className={frame} aria-hidden="true">
        {picture}
        <div className="p-4">
          <div className="h-6 w-3/4 rounded bg-stone-200 dark:bg-stone-700" />
          <div className="h-5 w-1/2 rounded bg-stone-100 dark:bg-stone-800" />
          <div className="mt-2 h-6 w-1/3 rounded bg-stone-200 dark:bg-stone-700" />
        </div>
      </div>
    );
  }
  return (
    <Link
      to={shown.to}
      className={`group ${frame} transition hover:shadow-md focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700`}
    >
      {picture}
      <div className="p-4">
        <h3 className="truncate font-semibold group-hover:underline">{shown.name}</h3>
        <p className="truncate text-sm text-stone-600 dark:text-stone-300">{shown.farm}</p>
        {found && <CardBenefitBadges product={found} farm={{ state: found.state, takes: found.benefit_takes }} />}
        <p className="mt-2 font-bold text-brand-800 dark:text-green-300">{shown.price}</p>
      </div>
    </Link>
  );
}

export function FreshThisWeek() {
  return (
    <ul className="mt-6 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {KINDS.map((kind) => (
        <li key={kind.category}>
          <FreshCard kind={kind} />
        </li>
      ))}
    </ul>
  );
}
