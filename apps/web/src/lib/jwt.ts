import type { TokenClaims } from '@farmstand/shared';

/** Reads the claims in the token's middle segment (spec 01 §3); null when it is not a JWT. */
export function decodeToken(token: string): TokenClaims | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(json) as TokenClaims;
  } catch {
    return null;
  }
}
