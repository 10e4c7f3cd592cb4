import type { Db } from './client';

/**
 * Runs a hot statement straight on the driver (docs/decisions/119, 175): no query building, and on
 * PostgreSQL a named prepared statement, parsed and planned once per connection. `db` may be a
 * transaction: its own connection is used. PGlite (one connection, no statement names) runs the same
 * text with the same parameters, so both engines answer alike.
 */
export async function runNamed<Row>(db: Db, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const client = driverClient(db);
  // PGlite's client (and its transactions) have exec(); node-postgres's pool and clients do not (and
  // `pg` is not imported here: the embedded database never loads it).
  if (typeof client.exec === 'function') return (await client.query(text, values)).rows as Row[];
  return (await client.query({ name, text, values })).rows as Row[];
}

type DriverClient = {
  exec?: unknown;
  query: (query: string | { name: string; text: string; values: unknown[] }, values?: unknown[]) => Promise<{ rows: unknown[] }>;
};

/** The driver connection behind a drizzle database (pool or PGlite) or transaction (its client). */
function driverClient(db: Db): DriverClient {
  // biome-ignore lint/suspicious/noExplicitAny: drizzle keeps the driver client on the database, a transaction's on its session
  const handle = db as any;
  return handle.$client ?? handle.session.client;
}
