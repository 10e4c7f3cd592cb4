import { type BenefitTable, type StateProgramme, TENDER_LABELS } from '@farmstand/shared/benefits/programmes';
import { STATE_NAMES } from '@farmstand/shared/constants/catalog';
import { StateProgrammeRequest } from '@farmstand/shared/schemas/benefit-programmes';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Checkbox, TextArea, TextInput } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api';
import { useSaveProgramme } from '../api';
import {
  CategoryChecks,
  centsOf,
  DialogActions,
  dollarsField,
  issuesByPath,
  type SourceRow,
  SourceRows,
  sourcesOf,
} from './programme-form-parts';

export const PROGRAMME_SAVE_FAILED = 'Could not save the programme; try again';

/**
 * The admin edits one programme's row in one state (decision 516): its name, who authorises farmers,
 * what it pays for, the season amount (dollars, sent as whole cents), whether the sources confirm
 * it, a note and the sources. Checked with the request's own schema first; the server's refusal
 * (SNAP's foods are the law's, coupons cover at least the federal foods) shows in the dialog.
 */
export function ProgrammeDialog({ row, table, onClose }: { row: StateProgramme; table: BenefitTable; onClose: () => void }) {
  const save = useSaveProgramme();
  const [name, setName] = useState(row.name);
  const [authorisedBy, setAuthorisedBy] = useState(row.authorisedBy);
  const [covers, setCovers] = useState(row.covers);
  const [amount, setAmount] = useState(dollarsField(row.seasonAmount?.cents));
  const [asOf, setAsOf] = useState(row.seasonAmount?.asOf ?? '');
  const [confirmed, setConfirmed] = useState(row.confirmed);
  const [note, setNote] = useState(row.note ?? '');
  const [sources, setSources] = useState<SourceRow[]>(() => sourcesOf(table, row.sources));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const title = `${TENDER_LABELS[row.programme]} in ${STATE_NAMES[row.state]}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const seasonAmount = amount.trim() === '' ? null : { cents: centsOf(amount, 'seasonAmount.cents', found), asOf };
    const parsed = StateProgrammeRequest.safeParse({ name, authorisedBy, covers, seasonAmount, sources, confirmed, note });
    if (!parsed.success) for (const [key, message] of Object.entries(issuesByPath(parsed.error.issues))) found[key] ??= message;
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    save.mutate(
      { programme: row.programme, state: row.state, body: parsed.data },
      {
        onSuccess: () => {
          toast.success(`Saved ${parsed.data.name}`);
          onClose();
        },
      },
    );
  };

  return (
    <Modal title={`Edit ${title}`} onClose={onClose} width="max-w-2xl">
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextInput label="Name" maxLength={120} value={name} error={errors.name} onChange={(e) => setName(e.target.value)} />
        <TextInput
          label="Authorised by"
          hint="Who authorises farmers to take it."
          maxLength={200}
          value={authorisedBy}
          error={errors.authorisedBy}
          onChange={(e) => setAuthorisedBy(e.target.value)}
        />
        <CategoryChecks
          legend="What it pays for"
          value={covers}
          onChange={setCovers}
          error={errors.covers}
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
            value={amount}
            error={errors['seasonAmount.cents'] ?? errors.seasonAmount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <TextInput
            label="Amount as of (year)"
            inputMode="numeric"
            maxLength={20}
            placeholder="2025"
            value={asOf}
            error={errors['seasonAmount.asOf']}
            onChange={(e) => setAsOf(e.target.value)}
          />
        </div>
        <Checkbox
          checked={confirmed}
          onChange={setConfirmed}
          label="The sources confirm these rules"
          hint="Unticked, shoppers are told to check with the programme."
        />
        <TextArea
          label="Note (optional)"
          rows={2}
          maxLength={300}
          value={note}
          error={errors.note}
          onChange={(e) => setNote(e.target.value)}
        />
        <SourceRows value={sources} onChange={setSources} errors={errors} />
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
