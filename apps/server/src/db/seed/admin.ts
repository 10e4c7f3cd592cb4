import type { AppContext } from '../../lib/context';
import { findUserByEmail, insertUser, updateUser } from '../../modules/auth/auth.repository';
import { hashPassword } from '../../modules/auth/passwords';

/** ADMIN_EMAIL + ADMIN_PASSWORD: that admin exists, is active and has that password. */
export async function ensureAdmin(ctx: AppContext, email: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const existing = await findUserByEmail(ctx.db, email);
  if (existing) {
    await updateUser(ctx.db, existing.id, { passwordHash, userType: 'admin', status: 'active', emailVerified: true });
    return;
  }
  await insertUser(
    ctx.db,
    { email: email.toLowerCase(), passwordHash, userType: 'admin', emailVerified: true },
    { status: 'none' },
  );
}
