import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { PinIcon } from '@/components/ui/pin-icon';
import { ADDRESS_NOT_FOUND, currentPosition, geocodeAddress, type UserLocation } from './user-location';

type Props = {
  location: UserLocation | null;
  onChange: (location: UserLocation | null) => void;
  /** Shown under the title, e.g. the radius in use. */
  hint?: string;
  className?: string;
};

/**
 * Set the search centre from the browser's geolocation or a typed address (geocoded by the
 * server), or clear it. Used by /search and /products.
 */
export function LocationPanel({ location, onChange, hint, className = '' }: Props) {
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState<'gps' | 'address' | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function locateMe() {
    setBusy('gps');
    setError(null);
    try {
      onChange(await currentPosition());
    } catch (failure) {
      const message = (failure as Error).message;
      setError(message);
      toast.error(message);
    } finally {
      setBusy(null);
    }
  }

  async function searchAddress(event: FormEvent) {
    event.preventDefault();
    if (!address.trim()) return;
    setBusy('address');
    setError(null);
    let found: Awaited<ReturnType<typeof geocodeAddress>> = null;
    let failed: string = ADDRESS_NOT_FOUND;
    try {
      found = await geocodeAddress(address);
    } catch (failure) {
      failed = (failure as Error).message;
    }
    setBusy(null);
    if (!found) {
      setError(failed);
      toast.error(failed);
      return;
    }
    onChange({ latitude: found.latitude, longitude: found.longitude, address: found.formatted, type: 'address' });
    setAddress('');
  }

  return (
    <section
      aria-labelledby="location-heading"
      className={`rounded-xl border border-stone-200 bg-white p-4 shadow-sm dark:border-stone-800 dark:bg-stone-900 ${className}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="location-heading" className="font-semibold">
          Your location
        </h2>
        {hint && <p className="text-sm text-stone-600 dark:text-stone-300">{hint}</p>}
      </div>
      {location ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-brand-50 px-3 py-2 dark:bg-brand-900/30">
          <p className="text-sm text-stone-800 dark:text-stone-100">
            <PinIcon className="mr-1 inline h-4 w-4 align-[-2px] text-brand-700 dark:text-green-300" />
            {location.type === 'current' ? 'Using your current location' : location.address}
          </p>
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            Clear location
          </Button>
        </div>
      ) : (
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
          <Button variant="secondary" onClick={locateMe} isLoading={busy === 'gps'} className="shrink-0">
            <PinIcon /> Use my location
          </Button>
          <form onSubmit={searchAddress} className="flex flex-1 gap-2" aria-label="Search by address">
            <label htmlFor="location-address" className="sr-only">
              Address, town or ZIP code
            </label>
            <input
              id="location-address"
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              placeholder="Town, address or ZIP code"
              className={inputClasses}
              autoComplete="postal-code"
            />
            <Button type="submit" isLoading={busy === 'address'}>
              Set
            </Button>
          </form>
        </div>
      )}
      <FormError className="mt-2">{error}</FormError>
    </section>
  );
}
