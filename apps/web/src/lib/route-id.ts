import { MAX_DB_ID } from '@farmstand/shared/constants/limits';

/**
 * The record id in a path like /product/:id, or null when it cannot name a record: not plain
 * digits ('1.5', '0x10', '1e3'), zero, or past the database's id range (/product/99999999999999).
 * Such a path is simply not found; it never reaches the server to come back as a load failure.
 */
export function parseRouteId(text: string | undefined): number | null {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_DB_ID ? id : null;
}
