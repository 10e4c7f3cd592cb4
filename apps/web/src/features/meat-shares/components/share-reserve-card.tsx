import { STORAGE_KEYS } from '@farmstand/shared';
import { formatDateOnly, todayDateOnly } from '@farmstand/shared/format/date-only';
import { formatCents, formatPrice, toCents, toDollars } from '@farmstand/shared/format/money';
import { SHARE_PRICE_UNIT, shareLabel } from '@farmstand/shared/format/shares';
import type { Product } from '@farmstand/shared/schemas/products';
import type { ShareOffer } from '@farmstand/shared/schemas/shares';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectInput, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/api';
import { useAuth } from '@/shared/auth-context';
import { useMyShares, useReserveShare } from '../api';

export type ShareProduct = Pick<Product, 'id' | 'name' | 'price' | 'producer_user_id' | 'inspection'> & { share: ShareOffer };

const day = (date: string) => formatDateOnly(date, { weekday: 'short', month: 'short', day: 'numeric' });
/** Shares that still count against the shopper's cap: not yet picked up or cancelled. */
const OPEN = new Set(['reserved', 'processed', 'ready']);

/** What a share costs and how it runs, in the words the product page and the farm's mails use. */
export function ShareTermsText({ product }: { product: ShareProduct }) {
  const { share } = product;
  const price = toCents(product.price ?? 0);
  return (
    <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-medium">Price</dt>
      <dd>
        {formatPrice(toDollars(price), SHARE_PRICE_UNIT)} · about {formatCents(toCents(share.estimate))} a share (about{' '}
        {share.hanging_weight} lb hanging × {formatCents(price)}/lb + {formatCents(toCents(share.processing_fee))} processing)
      </dd>
      <dt className="font-medium">Processing</dt>
      <dd>
        {share.processor}, {day(share.processing_date)}
      </dd>
      <dt className="font-medium">Cut sheet</dt>
      <dd>You choose your cuts by {day(share.cut_sheet_due)}</dd>
      {share.deposit !== null && (
        <>
          <dt className="font-medium">Deposit</dt>
          <dd>{formatCents(toCents(share.deposit))} a share, paid to the farm directly</dd>
        </>
      )}
    </dl>
  );
}

/**
 * "Reserve a share" on a share product's page (decision 512): how many are left, the terms, and
 * the reservation itself; the bill is hanging weight × price + fees − deposit, paid at pickup.
 */
export function ShareReserveCard({ product }: { product: ShareProduct }) {
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const reserve = useReserveShare();
  const { share } = product;
  const [name, setName] = useState(() => localStorage.getItem(STORAGE_KEYS.pickupName) ?? '');
  const [phone, setPhone] = useState('');
  const [chosen, setQuantity] = useState(1);
  const closed = todayDateOnly(new Date(), share.time_zone) > share.cut_sheet_due;
  const label = shareLabel(share);
  // The site's cap on one shopper's open shares of one product (decision 520), as the server counts it.
  const mine = useMyShares({ enabled: !!user && user.id !== product.producer_user_id });
  const cap = mine.data?.max_per_product ?? null;
  const held = (mine.data?.shares ?? [])
    .filter((s) => s.product_id === product.id && OPEN.has(s.status))
    .reduce((sum, s) => sum + s.quantity, 0);
  const allowed = Math.min(share.shares_left, 16, cap === null ? Number.POSITIVE_INFINITY : cap - held);
  const quantity = Math.max(1, Math.min(chosen, allowed));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    reserve.mutate(
      { product_id: product.id, quantity, shopper_name: name, shopper_phone: phone || null },
      {
        onSuccess: () => {
          localStorage.setItem(STORAGE_KEYS.pickupName, name);
          toast.success(`${quantity} × ${label} reserved`);
          navigate('/orders');
        },
      },
    );
  };

  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Reserve a share</h2>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        {label} · {share.shares_left} of {share.shares_total} left
      </p>
      <ShareTermsText product={product} />
      <p className="mt-3 text-sm text-stone-700 dark:text-stone-300">
        Final bill: the hanging weight × the price per lb, plus processing, less your deposit, paid to the farm at pickup.
        Farmstand never takes payments.
      </p>
      {product.inspection === 'custom_exempt' && (
        <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">
          Custom exempt: you buy a share of the live animal before it is processed; the meat is for your household and its
          packages are marked “Not for Sale”.
        </p>
      )}
      {share.shares_left === 0 ? (
        <p className="mt-4 font-medium">Every share is reserved.</p>
      ) : closed ? (
        <p className="mt-4 font-medium">Reservations closed on {day(share.cut_sheet_due)}, the cut sheet deadline.</p>
      ) : !user ? (
        <p className="mt-4">
          <Link
            to="/login"
            state={{ from: location.pathname }}
            className="font-semibold text-brand-700 hover:underline dark:text-green-400"
          >
            Sign in
          </Link>{' '}
          to reserve a share.
        </p>
      ) : user.id === product.producer_user_id ? (
        <p className="mt-4">This is your share; shoppers reserve it here.</p>
      ) : cap !== null && allowed <= 0 ? (
        <p className="mt-4 font-medium">
          You hold {held} {held === 1 ? 'share' : 'shares'} of this animal, the most one shopper may reserve; other shoppers get
          the rest.{' '}
          <Link to="/orders" className="font-semibold text-brand-700 hover:underline dark:text-green-400">
            See your shares
          </Link>
        </p>
      ) : (
        <form onSubmit={submit} className="mt-4 grid gap-3 sm:grid-cols-2">
          <TextInput label="Your name" required maxLength={80} value={name} onChange={(e) => setName(e.target.value)} />
          <TextInput
            label="Phone (optional)"
            type="tel"
            maxLength={40}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
          <SelectInput
            label="Shares"
            value={quantity}
            hint={
              cap === null
                ? undefined
                : held > 0
                  ? `You hold ${held}; one shopper may hold ${cap}`
                  : `One shopper may hold up to ${cap}`
            }
            onChange={(e) => setQuantity(Number(e.target.value))}
          >
            {Array.from({ length: allowed }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </SelectInput>
          <div className="flex items-end">
            <Button type="submit" isLoading={reserve.isPending}>
              Reserve · about {formatCents(toCents(share.estimate) * quantity)}
            </Button>
          </div>
          <FormError className="font-medium sm:col-span-2">
            {reserve.isError && errorMessage(reserve.error, 'Could not reserve the share')}
          </FormError>
        </form>
      )}
    </Card>
  );
}
