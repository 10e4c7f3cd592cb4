import type { MarketPage } from '@farmstand/shared/schemas/markets';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { ProductImage } from '@/components/ui/product-image';
import { formatPrice } from '@/lib/format';

type Vendor = MarketPage['vendors'][number];
type VendorProduct = Vendor['products'][number];

/** The market's vendors, each with what it offers for the coming market day. */
export function MarketVendors({ vendors, nextDay }: { vendors: Vendor[]; nextDay: string | null }) {
  return (
    <section aria-labelledby="market-vendors" className="space-y-4">
      <h2 id="market-vendors" className="text-xl font-semibold">
        Vendors{nextDay ? ` on ${nextDay}` : ''}
      </h2>
      {vendors.length === 0 ? (
        <p className="text-stone-700 dark:text-stone-300">No vendors are listed for this market yet.</p>
      ) : (
        <ul className="space-y-4">
          {vendors.map((vendor) => (
            <li key={vendor.producerId}>
              <VendorCard vendor={vendor} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function VendorCard({ vendor }: { vendor: Vendor }) {
  return (
    <Card className="p-4 sm:p-5">
      <h3 className="text-lg font-semibold [overflow-wrap:anywhere]">
        <Link to={`/producer/${vendor.producerId}`} className="text-brand-800 hover:underline dark:text-green-300">
          {vendor.farmName}
        </Link>
      </h3>
      <p className="text-sm text-stone-600 dark:text-stone-300">
        {[vendor.city, vendor.booth && `Booth: ${vendor.booth}`].filter(Boolean).join(' · ')}
      </p>
      {vendor.products.length === 0 ? (
        <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">Ask at the booth for what this farm brings.</p>
      ) : (
        <ul aria-label={`What ${vendor.farmName} offers`} className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {vendor.products.map((product) => (
            <li key={product.id}>
              <ProductTile product={product} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** A product the vendor offers: the whole tile opens /product/{id}. */
function ProductTile({ product }: { product: VendorProduct }) {
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-lg border border-stone-200 bg-white transition hover:border-brand-600 dark:border-stone-700 dark:bg-stone-900 dark:hover:border-green-500">
      <ProductImage
        url={product.imageUrl}
        category=""
        alt=""
        sizes="(min-width: 1024px) 15vw, (min-width: 640px) 30vw, 45vw"
        width={400}
        height={300}
        className="aspect-[4/3] w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-2">
        <h4 className="text-sm font-semibold leading-snug [overflow-wrap:anywhere]">
          <Link
            to={`/product/${product.id}`}
            className="after:absolute after:inset-0 hover:text-brand-800 focus-visible:outline-none dark:hover:text-green-300"
          >
            {product.name}
          </Link>
        </h4>
        <p className="mt-auto pt-1 text-sm font-bold text-brand-800 dark:text-green-300">
          {formatPrice(product.price, product.unit)}
        </p>
      </div>
    </article>
  );
}
