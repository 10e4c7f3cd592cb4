import { SETTINGS_KEYS, type SettingsKey, SettingsSchemas } from '@farmstand/shared';
import { useState } from 'react';
import type { z } from 'zod';
import { useLoadErrorToast } from '@/components/ui/admin-ui';
import { Button } from '@/components/ui/button';
import { Card, Spinner } from '@/components/ui/card';
import { SelectInput, TextArea, TextInput } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { useAdminSettings, useBackup, useClearCache, useSaveSettings } from '../api';
import { ADMIN_TEXTS } from '../texts';
import { fieldsOf, SECTION_TITLES, type SettingField } from './settings-fields';

type Values = Record<string, unknown>;

/** Plain words for the bounds of spec 02 §5 instead of zod's 'Too big: expected number to be <=20'. */
function issueText(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_small') return `Must be at least ${issue.minimum}`;
  if (issue.code === 'too_big') return `Must be at most ${issue.maximum}`;
  if (issue.code === 'invalid_type') return 'Enter a value';
  return issue.message;
}

export function SettingsTab() {
  const query = useAdminSettings();
  useLoadErrorToast(query, ADMIN_TEXTS.loadSettings);
  if (query.isPending) return <Spinner />;
  if (query.isError) return <LoadError text={ADMIN_TEXTS.loadSettings} onRetry={() => query.refetch()} />;
  return (
    <div className="space-y-6">
      {SETTINGS_KEYS.map((key) => (
        <SettingsSection key={key} sectionKey={key} initial={query.data.settings[key] ?? {}} />
      ))}
    </div>
  );
}

function SettingsSection({ sectionKey, initial }: { sectionKey: SettingsKey; initial: Values }) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveSettings();
  const headingId = `settings-${sectionKey}`;

  const submit = () => {
    // The same schema the server applies; the masked secret passes as a string and is kept server-side.
    const parsed = SettingsSchemas[sectionKey].safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issueText(issue)])));
      return;
    }
    setErrors({});
    // The hook confirms with a toast.
    save.mutate({ key: sectionKey, values });
  };

  return (
    <Card className="p-5">
      <form
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <h2 id={headingId} className="mb-4 text-lg font-semibold">
          {SECTION_TITLES[sectionKey]}
        </h2>
        {sectionKey === 'maintenance' && values.maintenance_mode === true && (
          <p
            role="alert"
            className="mb-4 rounded-lg bg-orange-50 p-3 text-sm text-orange-950 dark:bg-orange-950/40 dark:text-orange-100"
          >
            With maintenance mode on, the site is inaccessible to everyone except admins.
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {fieldsOf(sectionKey).map((field) => (
            <SettingInput
              key={field.name}
              field={field}
              value={values[field.name]}
              error={errors[field.name]}
              onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
            />
          ))}
        </div>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          {sectionKey === 'maintenance' && <MaintenanceActions />}
          <Button type="submit" isLoading={save.isPending}>
            Save {SECTION_TITLES[sectionKey].toLowerCase()} settings
          </Button>
        </div>
      </form>
    </Card>
  );
}

function SettingInput({
  field,
  value,
  error,
  onChange,
}: {
  field: SettingField;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
}) {
  if (field.kind === 'boolean') {
    return (
      <label className="flex items-center gap-3 self-end rounded-lg border border-stone-200 px-3 py-2.5 text-sm font-medium dark:border-stone-700">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand-700"
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
        />
        {field.label}
      </label>
    );
  }
  if (field.kind === 'select') {
    return (
      <SelectInput label={field.label} value={String(value ?? '')} error={error} onChange={(e) => onChange(e.target.value)}>
        {field.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectInput>
    );
  }
  if (field.kind === 'number') {
    return (
      <TextInput
        label={field.label}
        type="number"
        min={field.min}
        max={field.max}
        step={field.step}
        value={value === undefined || value === null || Number.isNaN(value) ? '' : String(value)}
        error={error}
        hint={field.min !== undefined && field.max !== undefined ? `${field.min} to ${field.max}` : undefined}
        onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
      />
    );
  }
  if (field.multiline) {
    return (
      <div className="sm:col-span-2">
        <TextArea
          label={field.label}
          rows={2}
          value={String(value ?? '')}
          error={error}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    );
  }
  return (
    <TextInput
      label={field.label}
      type={field.secret ? 'password' : 'text'}
      autoComplete={field.secret ? 'new-password' : 'off'}
      value={String(value ?? '')}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function MaintenanceActions() {
  const backup = useBackup();
  const clearCache = useClearCache();
  return (
    <>
      <Button variant="secondary" isLoading={backup.isPending} onClick={() => backup.mutate()}>
        Back up now
      </Button>
      <Button variant="secondary" isLoading={clearCache.isPending} onClick={() => clearCache.mutate()}>
        Clear cache
      </Button>
    </>
  );
}
