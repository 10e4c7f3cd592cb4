import { STATE_NAMES, STATES } from '@farmstand/shared';
import { type OwnProducerProfile, ProducerProfileRequest } from '@farmstand/shared/schemas/producers';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { SelectInput, TextArea, TextInput } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api';
import { numberOrNull, validateWith } from '@/lib/form-errors';
import { useSaveProfile } from '../api';
import { PRODUCER_TEXTS } from '../texts';
import { ProfileImageUpload } from './profile-image-upload';

type Values = {
  farm_name: string;
  description: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  delivery_available: boolean;
  delivery_radius: string;
  pickup_instructions: string;
};

const toValues = (p: OwnProducerProfile | null): Values => ({
  farm_name: p?.farm_name ?? '',
  description: p?.description ?? '',
  address: p?.address ?? '',
  city: p?.city ?? '',
  state: p?.state ?? 'KY',
  zip: p?.zip ?? '',
  phone: p?.phone ?? '',
  delivery_available: p?.delivery_available ?? false,
  delivery_radius: p?.delivery_radius?.toString() ?? '',
  pickup_instructions: p?.pickup_instructions ?? '',
});

/** Create or edit the farm profile; the server geocodes the address when it saves (spec 02 §5). */
export function ProfileForm({ profile }: { profile: OwnProducerProfile | null }) {
  const isNew = profile === null;
  const save = useSaveProfile(isNew);
  const form = useForm<Values>({ defaultValues: toValues(profile) });
  const { errors, isSubmitting } = form.formState;
  const deliveryAvailable = form.watch('delivery_available');

  const onSubmit = form.handleSubmit(async (values) => {
    const request = validateWith(
      ProducerProfileRequest,
      {
        ...values,
        // The radius only means something when delivery is offered; a hidden field sends nothing.
        delivery_radius: values.delivery_available ? numberOrNull(values.delivery_radius) : null,
      },
      form.setError,
    );
    if (!request) return;
    try {
      const saved = await save.mutateAsync(request);
      form.reset(toValues(saved));
      toast.success(isNew ? PRODUCER_TEXTS.profileCreated : PRODUCER_TEXTS.profileUpdated);
    } catch (error) {
      // A field the server names (e.g. a ZIP that belongs to another town) gets the message beside it too.
      if (error instanceof ApiError && error.status === 400) {
        const field = error.field ?? (error.message.startsWith('ZIP code') ? 'zip' : undefined);
        if (field && field in values) form.setError(field as keyof Values, { message: error.message });
      }
      toast.error(errorMessage(error, isNew ? PRODUCER_TEXTS.profileCreateFailed : PRODUCER_TEXTS.profileUpdateFailed));
    }
  });

  return (
    <div className="space-y-6">
      {profile && <ProfileImageUpload profile={profile} />}
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextInput label="Farm name" required error={errors.farm_name?.message} {...form.register('farm_name')} />
        </div>
        <div className="sm:col-span-2">
          <TextArea
            label="About your farm"
            rows={4}
            hint="What you grow or make, how, and what makes it special."
            error={errors.description?.message}
            {...form.register('description')}
          />
        </div>
        <div className="sm:col-span-2">
          <TextInput
            label="Street address"
            required
            autoComplete="street-address"
            hint="Only your town is shown publicly; the address places you on the map."
            error={errors.address?.message}
            {...form.register('address')}
          />
        </div>
        <TextInput label="City" required autoComplete="address-level2" error={errors.city?.message} {...form.register('city')} />
        <div className="grid grid-cols-2 gap-4">
          <SelectInput label="State" error={errors.state?.message} {...form.register('state')}>
            {STATES.map((code) => (
              <option key={code} value={code}>
                {code} – {STATE_NAMES[code]}
              </option>
            ))}
          </SelectInput>
          <TextInput
            label="ZIP code"
            required
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            error={errors.zip?.message}
            {...form.register('zip')}
          />
        </div>
        <TextInput
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          placeholder="(502) 555-0100"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-end sm:gap-6">
          <label className="flex min-h-10 items-center gap-2 text-sm font-medium text-stone-800 dark:text-stone-200">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-stone-400 accent-brand-700"
              {...form.register('delivery_available')}
            />
            I offer delivery
          </label>
          {deliveryAvailable && (
            <div className="sm:w-56">
              <TextInput
                label="Delivery radius (miles)"
                type="number"
                min={0}
                max={100}
                inputMode="numeric"
                error={errors.delivery_radius?.message}
                {...form.register('delivery_radius')}
              />
            </div>
          )}
        </div>
        <div className="sm:col-span-2">
          <TextArea
            label="Pickup instructions"
            rows={3}
            placeholder="e.g. Farm stand by the red barn, open Saturdays 9–noon"
            error={errors.pickup_instructions?.message}
            {...form.register('pickup_instructions')}
          />
        </div>
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" isLoading={isSubmitting} size="lg" className="w-full sm:w-auto">
            {isNew ? PRODUCER_TEXTS.createProfile : 'Save Profile'}
          </Button>
        </div>
      </form>
    </div>
  );
}
