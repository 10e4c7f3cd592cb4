import {
  BENEFIT_PROGRAMMES,
  type BenefitProgramme,
  type BenefitTable,
  type Incentive,
  TENDER_LABELS,
} from '@farmstand/shared/benefits/programmes';
import { type ProductCategory, STATE_NAMES, STATES, type StateCode } from '@farmstand/shared/constants/catalog';
import { IncentiveRequest } from '@farmstand/shared/schemas/benefit-programmes';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Checkbox, SelectInput, TextArea, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api';
import { useSaveIncentive } from '../api';
import {
  CategoryChecks,
  CheckGroup,
  centsOf,
  DialogActions,
  dollarsField,
  issuesByPath,
  type SourceRow,
  SourceRows,
  sourcesOf,
} from './programme-form-parts';

export const INCENTIVE_SAVE_FAILED = 'Could not save the incentive; try again';

/** The most groups an incentive has (the request's schema says the same). */
const MAX_GROUPS = 6;

type GroupRow = { label: string; categories: ProductCategory[]; cap: string; confirmed: boolean };

const emptyGroup = (): GroupRow => ({ label: '', categories: [], cap: '', confirmed: true });

/** What the form holds: amounts as the dollars typed, markets as lines. */
type Draft = {
  name: string;
  state: StateCode;
  matches: BenefitProgramme[];
  matchPercent: string;
  dailyCap: string;
  originState: StateCode;
  token: string;
  groups: GroupRow[];
  markets: string;
  sources: SourceRow[];
  confirmed: boolean;
  note: string;
  active: boolean;
};

function draftOf(incentive: Incentive | null, table: BenefitTable): Draft {
  if (!incentive)
    return {
      name: '',
      state: STATES[0],
      matches: ['snap'],
      matchPercent: '100',
      dailyCap: '',
      originState: STATES[0],
      token: '',
      groups: [emptyGroup()],
      markets: '',
      sources: [{ title: '', url: '' }],
      confirmed: false,
      note: '',
      active: true,
    };
  return {
    name: incentive.name,
    state: incentive.state,
    matches: incentive.matches,
    matchPercent: String(incentive.matchPercent),
    dailyCap: dollarsField(incentive.dailyCapCents),
    originState: incentive.originState,
    token: dollarsField(incentive.tokenCents),
    groups: incentive.groups.map((g) => ({
      label: g.label,
      categories: g.categories,
      cap: dollarsField(g.capCents),
      confirmed: g.confirmed,
    })),
    markets: incentive.markets.join('\n'),
    sources: sourcesOf(table, incentive.sources),
    confirmed: incentive.confirmed,
    note: incentive.note,
    active: incentive.active,
  };
}

/** A whole percent from the field; anything else is refused by the schema with its own words. */
const percentOf = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * The admin adds an incentive (`incentive` null) or edits one (decision 516): what it matches, at
 * what rate, its caps in dollars (sent as whole cents), the groups of categories it matches, its
 * participating markets one per line (none: any market a farm names), the sources, and whether it
 * runs now (unticking "Running now" switches it off and keeps its rules). Checked with the request's
 * own schema first; the server's refusal (one running incentive a state) shows in the dialog.
 */
export function IncentiveDialog({
  incentive,
  table,
  onClose,
}: {
  incentive: Incentive | null;
  table: BenefitTable;
  onClose: () => void;
}) {
  const save = useSaveIncentive();
  const [draft, setDraft] = useState<Draft>(() => draftOf(incentive, table));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setGroup = (at: number, edit: Partial<GroupRow>) =>
    setDraft((d) => ({ ...d, groups: d.groups.map((g, i) => (i === at ? { ...g, ...edit } : g)) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const body = {
      name: draft.name,
      state: draft.state,
      matches: draft.matches,
      matchPercent: percentOf(draft.matchPercent),
      dailyCapCents: centsOf(draft.dailyCap, 'dailyCapCents', found),
      groups: draft.groups.map((g, i) => ({
        label: g.label,
        categories: g.categories,
        capCents: centsOf(g.cap, `groups.${i}.capCents`, found),
        confirmed: g.confirmed,
      })),
      originState: draft.originState,
      tokenCents: centsOf(draft.token, 'tokenCents', found),
      markets: draft.markets
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      sources: draft.sources,
      confirmed: draft.confirmed,
      note: draft.note,
      active: draft.active,
    };
    const parsed = IncentiveRequest.safeParse(body);
    if (!parsed.success) for (const [key, message] of Object.entries(issuesByPath(parsed.error.issues))) found[key] ??= message;
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    save.mutate(
      { id: incentive?.id ?? null, body: parsed.data },
      {
        onSuccess: () => {
          toast.success(incentive ? `Saved ${parsed.data.name}` : `Added ${parsed.data.name}`);
          onClose();
        },
      },
    );
  };

  const marketsError = Object.entries(errors).find(([key]) => key === 'markets' || key.startsWith('markets.'))?.[1];

  return (
    <Modal title={incentive ? `Edit ${incentive.name}` : 'Add an incentive'} onClose={onClose} width="max-w-2xl">
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextInput
          label="Name"
          maxLength={80}
          placeholder="Kentucky Double Dollars"
          value={draft.name}
          error={errors.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectInput
            label="State"
            hint="One incentive runs in a state at a time."
            value={draft.state}
            error={errors.state}
            onChange={(e) => set('state', e.target.value as StateCode)}
          >
            {STATES.map((state) => (
              <option key={state} value={state}>
                {STATE_NAMES[state]}
              </option>
            ))}
          </SelectInput>
          <SelectInput
            label="Matches food grown in"
            value={draft.originState}
            error={errors.originState}
            onChange={(e) => set('originState', e.target.value as StateCode)}
          >
            {STATES.map((state) => (
              <option key={state} value={state}>
                {STATE_NAMES[state]}
              </option>
            ))}
          </SelectInput>
        </div>
        <CheckGroup legend="Benefits it matches" error={errors.matches}>
          {BENEFIT_PROGRAMMES.map((programme) => (
            <Checkbox
              key={programme}
              label={TENDER_LABELS[programme]}
              checked={draft.matches.includes(programme)}
              onChange={(on) =>
                set(
                  'matches',
                  BENEFIT_PROGRAMMES.filter((p) => (p === programme ? on : draft.matches.includes(p))),
                )
              }
            />
          ))}
        </CheckGroup>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextInput
            label="Match rate (%)"
            inputMode="numeric"
            hint="100 = $1 for $1."
            value={draft.matchPercent}
            error={errors.matchPercent}
            onChange={(e) => set('matchPercent', e.target.value)}
          />
          <TextInput
            label="Daily cap per shopper ($)"
            inputMode="decimal"
            placeholder="20.00"
            value={draft.dailyCap}
            error={errors.dailyCapCents}
            onChange={(e) => set('dailyCap', e.target.value)}
          />
          <TextInput
            label="Token value ($)"
            inputMode="decimal"
            placeholder="2.00"
            value={draft.token}
            error={errors.tokenCents}
            onChange={(e) => set('token', e.target.value)}
          />
        </div>

        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">What it matches</legend>
          {draft.groups.map((group, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are edited in place
            <fieldset key={i} className="space-y-3 rounded-lg border border-stone-200 p-3 dark:border-stone-700">
              <legend className="px-1 text-xs font-semibold text-stone-700 dark:text-stone-300">Group {i + 1}</legend>
              <TextInput
                label="Label"
                maxLength={120}
                placeholder="Kentucky-grown fruit and vegetables"
                value={group.label}
                error={errors[`groups.${i}.label`]}
                onChange={(e) => setGroup(i, { label: e.target.value })}
              />
              <CategoryChecks
                legend="Categories"
                value={group.categories}
                onChange={(categories) => setGroup(i, { categories })}
                error={errors[`groups.${i}.categories`]}
              />
              <TextInput
                label="Cap per shopper a day ($)"
                inputMode="decimal"
                placeholder="12.00"
                value={group.cap}
                error={errors[`groups.${i}.capCents`]}
                onChange={(e) => setGroup(i, { cap: e.target.value })}
              />
              <Checkbox
                checked={group.confirmed}
                onChange={(confirmed) => setGroup(i, { confirmed })}
                label="Confirmed at every participating market"
                hint="Unticked, shoppers are told to check with the programme."
              />
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove group ${i + 1}`}
                disabled={draft.groups.length <= 1}
                onClick={() =>
                  set(
                    'groups',
                    draft.groups.filter((_, j) => j !== i),
                  )
                }
              >
                Remove group
              </Button>
            </fieldset>
          ))}
          <FormError>{errors.groups}</FormError>
          <Button
            size="sm"
            variant="secondary"
            disabled={draft.groups.length >= MAX_GROUPS}
            onClick={() => set('groups', [...draft.groups, emptyGroup()])}
          >
            Add a group
          </Button>
        </fieldset>

        <TextArea
          label="Participating markets (optional)"
          hint="One a line. Empty: any market a farm names in the state. Listed: farms choose one of these."
          rows={4}
          value={draft.markets}
          error={marketsError}
          onChange={(e) => set('markets', e.target.value)}
        />
        <SourceRows value={draft.sources} onChange={(sources) => set('sources', sources)} errorAt={(path) => errors[path]} />
        <TextArea
          label="Note (optional)"
          rows={2}
          maxLength={300}
          value={draft.note}
          error={errors.note}
          onChange={(e) => set('note', e.target.value)}
        />
        <Checkbox
          checked={draft.confirmed}
          onChange={(confirmed) => set('confirmed', confirmed)}
          label="The sources confirm these rules"
        />
        <Checkbox
          checked={draft.active}
          onChange={(active) => set('active', active)}
          label="Running now"
          hint="Untick to switch it off (when its funding ends): its rules are kept."
        />
        <DialogActions
          error={save.isError ? errorMessage(save.error, INCENTIVE_SAVE_FAILED) : null}
          saving={save.isPending}
          saveLabel={incentive ? 'Save incentive' : 'Add incentive'}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
