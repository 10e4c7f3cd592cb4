import { type SettingsKey, SettingsSchemas } from '@farmstand/shared';
import { settingLabel } from '@farmstand/shared/constants/setting-labels';
import { SECRET_SETTINGS } from '@farmstand/shared/schemas/admin';
import { isSettingShownInPanel } from '@farmstand/shared/schemas/settings-audit';
import { z } from 'zod';

/** How one setting is edited, read off the shared zod schema so the bounds match the server's. */
export type SettingField =
  | { name: string; label: string; kind: 'boolean' }
  | { name: string; label: string; kind: 'number'; min?: number; max?: number; step: number }
  | { name: string; label: string; kind: 'select'; options: { value: string; label: string }[] }
  | { name: string; label: string; kind: 'text'; secret: boolean; multiline: boolean };

export const SECTION_TITLES: Record<SettingsKey, string> = {
  general: 'General',
  payment: 'Payment',
  email: 'Email',
  security: 'Security',
  features: 'Features',
  maintenance: 'Maintenance',
};

const OPTION_LABELS: Record<string, string> = {
  'America/New_York': 'Eastern (Kentucky)',
  'America/Chicago': 'Central',
  'America/Denver': 'Mountain',
  'America/Los_Angeles': 'Pacific',
  en: 'English',
  es: 'Spanish',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

const labelOf = settingLabel;

/** The fields of one section the panel offers: only settings that act (decision 132). */
export function fieldsOf(key: SettingsKey): SettingField[] {
  const shown = Object.entries(SettingsSchemas[key].shape).filter(([name]) => isSettingShownInPanel(key, name));
  return shown.map(([name, schema]): SettingField => {
    const label = labelOf(name);
    if (schema instanceof z.ZodBoolean) return { name, label, kind: 'boolean' };
    if (schema instanceof z.ZodNumber) {
      return {
        name,
        label,
        kind: 'number',
        min: schema.minValue ?? undefined,
        max: schema.maxValue ?? undefined,
        step: schema.isInt ? 1 : 0.01,
      };
    }
    if (schema instanceof z.ZodEnum) {
      const options = (schema.options as string[]).map((value) => ({ value, label: OPTION_LABELS[value] ?? value }));
      return { name, label, kind: 'select', options };
    }
    return {
      name,
      label,
      kind: 'text',
      secret: SECRET_SETTINGS[key]?.includes(name) ?? false,
      multiline: name === 'site_description' || name === 'maintenance_message' || name === 'ip_whitelist',
    };
  });
}
