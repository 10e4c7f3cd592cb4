import type { PickupSetupResponse, PlaceDayLimits, PlaceDayLimitsRequest } from '@farmstand/shared/schemas/pickup';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { api, errorMessage } from '@/lib/api';

/**
 * A product's limit per pickup day at each of the farm's places (decision 543), beside the
 * product's own limit: empty keeps the product's. Saved on its own (the product must exist), since
 * the limits belong to the pickup places.
 */
export function DayLimitFields({ productId }: { productId: number | null }) {
  // Read with the API client directly (not a query hook): the product form is also shown where no
  // query client is provided, and this part stays silent when it cannot load.
  const [places, setPlaces] = useState<{ id: number; name: string }[]>([]);
  const [current, setCurrent] = useState<PlaceDayLimits | null>(null);
  useEffect(() => {
    let live = true;
    api
      .get<PickupSetupResponse>('/pickup/mine')
      .then((setup) => live && setPlaces(setup?.points ?? []))
      .catch(() => undefined);
    if (productId !== null)
      api
        .get<PlaceDayLimits>(`/pickup/mine/products/${productId}/day-limits`)
        .then((limits) => live && setCurrent(limits))
        .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [productId]);
  if (places.length < 2) return null;
  return (
    <fieldset className="space-y-2 rounded-lg border border-stone-200 p-3 dark:border-stone-700">
      <legend className="px-1 text-sm font-semibold text-stone-800 dark:text-stone-200">
        Limit per pickup day at each place
      </legend>
      {productId === null ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">
          Save the product first, then set a different limit for a place.
        </p>
      ) : current ? (
        <LimitsForm productId={productId} places={places} current={current} onSaved={setCurrent} />
      ) : null}
    </fieldset>
  );
}

function LimitsForm({
  productId,
  places,
  current,
  onSaved,
}: {
  productId: number;
  places: { id: number; name: string }[];
  current: PlaceDayLimits;
  onSaved: (limits: PlaceDayLimits) => void;
}) {
  const [values, setValues] = useState<Record<number, string>>(() =>
    Object.fromEntries(current.limits.map((l) => [l.point_id, String(l.day_limit)])),
  );
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setError(null);
    setSaving(true);
    try {
      const body: PlaceDayLimitsRequest = {
        limits: places
          .filter((p) => (values[p.id] ?? '').trim() !== '')
          .map((p) => ({ point_id: p.id, day_limit: Number(values[p.id]) })),
      };
      onSaved(await api.put<PlaceDayLimits>(`/pickup/mine/products/${productId}/day-limits`, body));
      toast.success('Limits per place saved');
    } catch (e) {
      setError(errorMessage(e, 'Could not save the limits per place'));
    } finally {
      setSaving(false);
    }
  };
  const own = current.day_limit === null ? 'no limit' : `${current.day_limit} a day`;
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        {places.map((place) => (
          <TextInput
            key={place.id}
            label={`Limit at ${place.name}`}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            hint={`Empty: the product’s (${own})`}
            value={values[place.id] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [place.id]: e.target.value }))}
          />
        ))}
      </div>
      <FormError>{error}</FormError>
      <Button variant="secondary" size="sm" onClick={submit} isLoading={saving}>
        Save limits per place
      </Button>
    </>
  );
}
