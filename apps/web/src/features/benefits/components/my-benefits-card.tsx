import { BENEFIT_PROGRAMMES, type BenefitProgramme, TENDER_LABELS } from '@farmstand/shared/benefits/programmes';
import { ShopperBenefitsRequest } from '@farmstand/shared/schemas/benefits';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, Spinner } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/api';
import { useForgetShopperBenefits, useSaveShopperBenefits, useShopperBenefits } from '../api';

const muted = 'text-stone-700 dark:text-stone-300';
/** A failed save or forget is shown from the mutation's own error state. */
const ignore = () => undefined;

export const MY_BENEFITS_TEXTS = {
  heading: 'Benefits you use',
  privacy: 'Only you see this. Farms never do.',
  loadFailed: 'Could not load the benefits you saved; refresh the page to try again',
  saveFailed: 'Could not save your benefits; try again',
  forgetFailed: 'Could not forget your benefits; try again',
} as const;

/**
 * On the shopper's dashboard: which benefits they use (SNAP/EBT, WIC FMNP and Senior FMNP coupons),
 * saved for themselves so the checkout can remind them (decision 516). Private: only they read it,
 * no farm or admin does, and "Forget my benefits" deletes it.
 */
export function MyBenefitsCard() {
  const saved = useShopperBenefits();
  const [message, setMessage] = useState('');
  return (
    <Card className="space-y-3 p-6" role="region" aria-labelledby="my-benefits-heading">
      <h2 id="my-benefits-heading" className="text-lg font-bold">
        {MY_BENEFITS_TEXTS.heading}
      </h2>
      <p className={`text-sm ${muted}`}>{MY_BENEFITS_TEXTS.privacy}</p>
      {saved.isPending ? (
        <Spinner label="Loading the benefits you saved…" />
      ) : saved.isError ? (
        <FormError>{errorMessage(saved.error, MY_BENEFITS_TEXTS.loadFailed)}</FormError>
      ) : (
        <BenefitsChoice uses={saved.data.uses} onDone={setMessage} />
      )}
      <div
        role="status"
        className={message ? 'rounded-lg bg-brand-50 p-3 text-sm text-brand-900 dark:bg-brand-900/30 dark:text-green-100' : ''}
      >
        {message}
      </div>
    </Card>
  );
}

function BenefitsChoice({ uses, onDone }: { uses: BenefitProgramme[]; onDone: (message: string) => void }) {
  const save = useSaveShopperBenefits();
  const forget = useForgetShopperBenefits();
  const [chosen, setChosen] = useState<BenefitProgramme[]>(uses);
  const [error, setError] = useState<string | undefined>();

  const toggle = (programme: BenefitProgramme, on: boolean) =>
    setChosen((all) => BENEFIT_PROGRAMMES.filter((p) => (p === programme ? on : all.includes(p))));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onDone('');
    const parsed = ShopperBenefitsRequest.safeParse({ uses: chosen });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    forget.reset();
    // The answer is awaited rather than taken in mutate's callbacks, which are skipped when the
    // click comes before the component has subscribed to the mutation.
    save.mutateAsync(parsed.data.uses).then((answer) => onDone(answer.message), ignore);
  };

  const forgetAll = () => {
    onDone('');
    setError(undefined);
    save.reset();
    forget.mutateAsync().then((answer) => {
      setChosen([]);
      onDone(answer.message);
    }, ignore);
  };

  const busy = save.isPending || forget.isPending;
  const failure = error ?? (save.isError ? errorMessage(save.error, MY_BENEFITS_TEXTS.saveFailed) : undefined);
  const forgetFailure = forget.isError ? errorMessage(forget.error, MY_BENEFITS_TEXTS.forgetFailed) : undefined;
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <fieldset className="space-y-2">
        <legend className="sr-only">{MY_BENEFITS_TEXTS.heading}</legend>
        {BENEFIT_PROGRAMMES.map((programme) => (
          <label key={programme} className="flex items-center gap-2">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-700"
              checked={chosen.includes(programme)}
              onChange={(e) => toggle(programme, e.target.checked)}
            />
            <span className="font-medium">{TENDER_LABELS[programme]}</span>
          </label>
        ))}
      </fieldset>
      <FormError>{failure ?? forgetFailure}</FormError>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isLoading={save.isPending} disabled={busy}>
          Save
        </Button>
        <Button variant="secondary" isLoading={forget.isPending} disabled={busy} onClick={forgetAll}>
          Forget my benefits
        </Button>
      </div>
    </form>
  );
}
