import type { AppContext } from '../lib/context';
import { findUserByEmail, hashPassword, insertUser, setPassword, updateUser, verifyPassword } from '../modules/auth';

/** ADMIN_EMAIL + ADMIN_PASSWORD: that admin exists, is active and has that password. */
export async function ensureAdmin(ctx: AppContext, email: string, password: string): Promise<void> {
  const existing = await findUserByEmail(ctx.db, email);
  const role = { userType: 'admin', status: 'active', emailVerified: true } as const;
  if (existing) {
    // Same password at every restart: sessions stay. A new ADMIN_PASSWORD is a password change: they end.
    if (await verifyPassword(existing.passwordHash, password)) await updateUser(ctx.db, existing.id, role);
    else await setPassword(ctx.db, existing.id, await hashPassword(password), role);
    return;
  }
  await insertUser(
    ctx.db,
    { email: email.toLowerCase(), passwordHash: await hashPassword(password), ...role },
    { status: 'none' },
  );
}
