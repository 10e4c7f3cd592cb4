import path from 'node:path';
import { DEFAULT_SETTINGS, type SettingsKey, SettingsSchemas } from '@farmstand/shared';
import { settingName } from '@farmstand/shared/constants/setting-labels';
import { SECRET_MASK, SECRET_SETTINGS } from '@farmstand/shared/schemas/admin';
import type { z } from 'zod';
import { insertAdminLog } from '../../lib/admin-log';
import { writeBackup } from '../../lib/backup-file';
import type { AppContext } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { forgetAllPublicProducts } from '../../lib/public-products';
import type { AuthUser } from '../../plugins/auth';

type Section = Record<string, unknown>;

/** Secrets leave the server only as a mask, and only when one is set. */
export async function readSettings(ctx: AppContext): Promise<Record<string, Section>> {
  const all = structuredClone(await ctx.settings.all()) as unknown as Record<string, Section>;
  for (const [key, fields] of Object.entries(SECRET_SETTINGS)) {
    const section = all[key];
    if (!section) continue;
    for (const field of fields) if (section[field]) section[field] = SECRET_MASK;
  }
  return all;
}

/** Merges the sent values over the stored section, validates the whole section, saves it and logs it. */
export async function saveSettings(ctx: AppContext, admin: AuthUser, key: SettingsKey, values: Section) {
  const stored = (await ctx.settings.get(key)) as Section;
  const merged: Section = { ...DEFAULT_SETTINGS[key], ...stored, ...values };
  for (const field of SECRET_SETTINGS[key] ?? []) {
    if (merged[field] === SECRET_MASK) merged[field] = stored[field];
  }
  const parsed = SettingsSchemas[key].safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(settingsIssueMessage(settingName(String(issue?.path[0] ?? key)), issue));
  }
  await ctx.db.transaction(async (tx) => {
    await ctx.settings.set(key, parsed.data as never, tx);
    const changed = Object.keys(values).filter((field) => !SECRET_SETTINGS[key]?.includes(field));
    await insertAdminLog(tx, {
      adminId: admin.id,
      action: 'update_settings',
      targetType: 'settings',
      targetId: key,
      details: { fields: changed },
    });
  });
  ctx.settings.invalidate();
  return { message: 'Settings saved successfully' };
}

/** 'Password min length must be at least 6' reads better than zod's 'Too small: expected number to be >=6'. */
export function settingsIssueMessage(label: string, issue: z.core.$ZodIssue | undefined): string {
  if (issue?.code === 'too_small') return `${label} must be at least ${issue.minimum}`;
  if (issue?.code === 'too_big') return `${label} must be at most ${issue.maximum}`;
  if (issue?.code === 'invalid_value') return `${label} must be one of ${issue.values.join(', ')}`;
  const message = issue?.message ?? 'is invalid';
  return message.toLowerCase().includes(label.toLowerCase()) ? message : `${label}: ${message}`;
}

/**
 * The admin's "Backup now": the same restorable backup the scheduled job takes (jobs/backup-file.ts,
 * docs/decisions/163), kept to the same bounded number of files.
 */
export async function backup(ctx: AppContext, admin: AuthUser) {
  const written = await writeBackup(ctx.db, path.join(ctx.config.dataDir, 'backups'), ctx.config.backupKeep);
  await insertAdminLog(ctx.db, { adminId: admin.id, action: 'backup', targetType: 'system', targetId: written.file });
  return { message: 'Backup started successfully', file: written.file, size_bytes: written.size_bytes };
}

/** Drops this instance's in-memory caches: the settings and the cached public product pages. */
export async function clearCache(ctx: AppContext, admin: AuthUser) {
  ctx.settings.invalidate();
  forgetAllPublicProducts(ctx);
  await insertAdminLog(ctx.db, { adminId: admin.id, action: 'clear_cache', targetType: 'system', targetId: null });
  return { message: 'Cache cleared successfully' };
}
