import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './tokens';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const user = { id: 42, email: 'shopper@example.com', userType: 'consumer' as const, tokenVersion: 3 };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const signed = (header: unknown, payload: unknown, secret = SECRET) => {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
};
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('access tokens', () => {
  it('accepts a token it signed and returns its claims', async () => {
    const claims = await verifyAccessToken(await signAccessToken(user, SECRET), SECRET);
    expect(claims).toMatchObject({ sub: '42', email: user.email, userType: 'consumer', tv: 3 });
  });

  it('accepts an HS256 token signed by another JWT library with the same secret', async () => {
    const token = await new SignJWT({ email: user.email, userType: 'consumer' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    expect((await verifyAccessToken(token, SECRET))?.sub).toBe('7');
  });

  it('refuses forged, altered, expired, unsigned and malformed tokens', async () => {
    const good = await signAccessToken(user, SECRET);
    const [header, payload, signature] = good.split('.');
    const altered = `${header}.${b64({ sub: '1', email: 'admin@example.com', userType: 'admin', exp: inAnHour() })}.${signature}`;
    const refused = [
      await signAccessToken(user, 'another-secret'),
      altered,
      `${header}.${payload}.${signature.slice(0, -2)}`,
      `${header}.${payload}.${signature}=`,
      `${header}.${payload}.`,
      `${header}.${payload}`,
      await signAccessToken(user, SECRET, -10),
      signed({ alg: 'none', typ: 'JWT' }, { sub: '42', exp: inAnHour() }),
      `${b64({ alg: 'none' })}.${b64({ sub: '42', exp: inAnHour() })}.`,
      signed({ alg: 'HS512', typ: 'JWT' }, { sub: '42', exp: inAnHour() }),
      signed({ alg: 'HS256', crit: ['b64'], b64: false }, { sub: '42', exp: inAnHour() }),
      signed({ alg: 'HS256' }, { sub: '42' }),
      signed({ alg: 'HS256' }, { sub: '42', exp: String(inAnHour()) }),
      signed({ alg: 'HS256' }, { sub: '42', exp: inAnHour(), nbf: inAnHour() }),
      signed({ alg: 'HS256' }, { sub: 'admin', exp: inAnHour() }),
      signed({ alg: 'HS256' }, [1, 2, 3]),
      'not-a-jwt',
      '',
    ];
    for (const token of refused) expect(await verifyAccessToken(token, SECRET), token).toBeNull();
  });
});
