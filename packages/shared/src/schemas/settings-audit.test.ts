import { describe, expect, it } from 'vitest';
import { SETTINGS_KEYS, SettingsSchemas } from './settings';
import { isSettingShownInPanel, SETTINGS_HIDDEN_FROM_PANEL, SETTINGS_THAT_ACT } from './settings-audit';

describe('every admin setting either acts or is hidden from the panel', () => {
  it('every setting either acts somewhere or is hidden from the panel, never both', () => {
    for (const key of SETTINGS_KEYS) {
      const names = Object.keys(SettingsSchemas[key].shape).sort();
      const acting = Object.keys(SETTINGS_THAT_ACT[key]);
      const hidden = Object.keys(SETTINGS_HIDDEN_FROM_PANEL[key]);
      expect([...acting, ...hidden].sort(), key).toEqual(names);
      expect(
        acting.filter((name) => hidden.includes(name)),
        key,
      ).toEqual([]);
    }
  });

  it('hides what does nothing and shows what acts', () => {
    expect(isSettingShownInPanel('security', 'two_factor_auth')).toBe(false);
    expect(isSettingShownInPanel('payment', 'stripe_secret_key')).toBe(false);
    expect(isSettingShownInPanel('general', 'site_name')).toBe(true);
    expect(isSettingShownInPanel('maintenance', 'maintenance_message')).toBe(true);
  });
});
