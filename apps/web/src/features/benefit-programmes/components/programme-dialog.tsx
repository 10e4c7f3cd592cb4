import { type BenefitTable, type StateProgramme, TENDER_LABELS } from '@farmstand/shared/benefits/programmes';
import { STATE_NAMES } from '@farmstand/shared/constants/catalog';
import { StateProgrammeRequest } from '@farmstand/shared/schemas/benefit-programmes';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Checkbox, TextArea, TextInput } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api';
import { bind, messageAt, requestResolver, wholePath } from '@/lib/form-errors';
import { parseDollars } from '@/lib/format';
import { useSaveProgramme } from '../api';
import {
  BAD_DOLLARS,
  CategoryChecks,
  DialogActions,
  dollarsField,
  type SourceRow,
  SourceRows,
  sourcesOf,
} from './programme-form-parts';

export const PROGRAMME_SAVE_FAILED = 'Could not save the programme; try again';

type Values = Pick<StateProgrammeRequest, 'name' | 'authorisedBy' | 'covers' | 'confirmed'> & {
  amount: string;
  asOf: string;
  note: string;
  sources: SourceRow[];
};

/** The season amount's problems go under its two fields; a source's under its row ("sources.0.url"). */
const fieldOf = (path: readonly PropertyKey[]) =>
  path[0] === 'seasonAmount' ? (path[1] === 'asOf' ? 'asOf' : 'amount') : wholePath(path);

const resolver = requestResolver(
  StateProgrammeRequest,
  ({ amount, asOf, ...values }: Values, problem) => {
    const cents = amount.trim() === '' ? null : parseDollars(amount);
    if (amount.trim() !== '' && cents === null) problem('amount', BAD_DOLLARS);
    return { ...values, seasonAmount: amount.trim() === '' ? null : { cents: cents ?? Number.NaN, asOf } };
  },
  fieldOf,
);

/**
 * The admin edits one programme's row in one state (decision 516): its name, who authorises farmers,
 * what it pays for, the season amount (dollars, sent as whole cents), whether the sources confirm
 * it, a note and the sources. Checked with the request's own schema first; the server's refusal
 * (SNAP's foods are the law's, coupons cover at least the federal foods) shows in the dialog.
 */
export function ProgrammeDialog({ row, table, onClose }: { row: StateProgramme; table: BenefitTable; onClose: () => void }) {
  const save = useSaveProgramme();
  const form = useForm<Values, unknown, StateProgrammeRequest>({
    defaultValues: {
      name: row.name,
      authorisedBy: row.authorisedBy,
      covers: row.covers,
      amount: dollarsField(row.seasonAmount?.cents),
      asOf: row.seasonAmount?.asOf ?? '',
      confirmed: row.confirmed,
      note: row.note ?? '',
      sources: sourcesOf(table, row.sources),
    },
    resolver,
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const title = `${TENDER_LABELS[row.programme]} in ${STATE_NAMES[row.state]}`;
  const confirmed = bind(form, 'confirmed');

  const submit = form.handleSubmit((body) =>
    save.mutate(
      { programme: row.programme, state: row.state, body },
      {
        onSuccess: () => {
          toast.success(`Saved ${body.name}`);
          onClose();
        },
      },
    ),
  );

  return (
    <Modal title={`Edit ${title}`} onClose={onClose} width="max-w-2xl">
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextInput label="Name" maxLength={120} error={errors.name?.message} {...form.register('name')} />
        <TextInput
          label="Authorised by"
          hint="Who authorises farmers to take it."
          maxLength={200}
          error={errors.authorisedBy?.message}
          {...form.register('authorisedBy')}
        />
        <CategoryChecks
          legend="What it pays for"
          {...bind(form, 'covers')}
          error={errors.covers?.message}
          disabled={row.programme === 'snap'}
          hint={
            row.programme === 'snap'
              ? 'SNAP pays for the foods federal law names: its categories cannot be changed here.'
              : 'A state can add to what the federal rule names (Senior FMNP honey), not take it away.'
          }
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label="Season amount ($)"
            inputMode="decimal"
            placeholder="30.00"
            hint="What a shopper receives a season. Leave empty where no source gives it."
            error={errors.amount?.message}
            {...form.register('amount')}
          />
          <TextInput
            label="Amount as of (year)"
            inputMode="numeric"
            maxLength={20}
            placeholder="2025"
            error={errors.asOf?.message}
            {...form.register('asOf')}
          />
        </div>
        <Checkbox
          checked={confirmed.value}
          onChange={confirmed.onChange}
          label="The sources confirm these rules"
          hint="Unticked, shoppers are told to check with the programme."
        />
        <TextArea label="Note (optional)" rows={2} maxLength={300} error={errors.note?.message} {...form.register('note')} />
        <SourceRows {...bind(form, 'sources')} errorAt={(path) => messageAt(errors, path)} />
        <DialogActions
          error={save.isError ? errorMessage(save.error, PROGRAMME_SAVE_FAILED) : null}
          saving={save.isPending}
          saveLabel="Save programme"
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
