import { randomBytes, randomUUID } from 'node:crypto';
import { signAccessToken } from '../../apps/server/src/lib/tokens';
import { BENCH_PORT } from '../lib/config';
import { startHelloWorld } from '../lib/hello-world';
import { addTable, ms, verdict } from '../lib/report';
import { defineSection } from '../lib/section';
import { startBenchServer } from '../lib/server';

/** Issue 47: a phone's 300 queued stand actions sync in ≤ 10 s (in batches of 200, as the phone sends them). */
const ACTIONS = 300;
const BATCH = 200;
const BUDGET_MS = 10_000;

/**
 * Stand mode (decision 575): one bench farm's phone syncs a market day of 300 walk-up sales (two
 * products each, cash) to `POST /api/stand/sync`, each a transaction of its own with its once-only
 * record, stock and tenders. Beside it, the same run's ceiling: 300 requests to the bare Fastify
 * hello-world, one after another. The farm's stand sales and places are deleted afterwards.
 */
export default defineSection({
  name: 'stand',
  needsServer: false,
  async run({ pool, databaseUrl }) {
    const secret = randomBytes(32).toString('hex');
    const server = await startBenchServer(databaseUrl, BENCH_PORT + 10, { JWT_SECRET: secret });
    const hello = await startHelloWorld(BENCH_PORT + 11);
    let farmId: number | null = null;
    try {
      const { rows } = await pool.query<{ user_id: number; email: string; token_version: number; ids: number[] }>(`
        select p.user_id, u.email, u.token_version, (array_agg(pr.id order by pr.id))[1:2] as ids
        from products pr join producers p on p.id = pr.producer_id join users u on u.id = p.user_id
        join subscriptions s on s.user_id = p.user_id
        where pr.active and pr.moderation_status = 'approved' and pr.price_cents is not null and pr.category <> 'herdshare'
          and pr.variant_names is null and pr.weight_unit is null and pr.share is null
          and u.email like 'bench-producer-%' and s.status in ('active', 'trialing') and u.status = 'active'
        group by p.user_id, u.email, u.token_version having count(*) >= 2 order by p.user_id desc limit 1`);
      if (rows.length < 1) throw new Error('no bench producer with two products to sell at a stand');
      const [farm] = rows;
      farmId = farm.user_id;
      const token = await signAccessToken(
        { id: farm.user_id, email: farm.email, userType: 'producer', tokenVersion: farm.token_version },
        secret,
      );
      const call = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(server.url + path, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      await call('POST', '/api/pickup/mine/points', {
        kind: 'market',
        name: 'Bench Stand',
        address: '1 Bench St',
        city: 'Lexington',
        state: 'KY',
        zip: '40507',
        schedule: [{ weekday: 6, start: '08:00', end: '12:00' }],
      });
      const catalog = await call('GET', '/api/stand/catalog');
      const products = catalog.products.filter((p: { id: number }) => farm.ids.includes(p.id));
      if (products.length < 2) throw new Error('the bench farm’s products are not in its stand catalogue');
      const lines = products.map((p: { id: number }) => ({ productId: p.id, quantity: 1 }));
      // What the phone would compute: the goods plus the tax of the farm's state (cash pays; change is allowed).
      const cash = products.reduce((sum: number, p: { price_cents: number }) => sum + p.price_cents, 0) * 2;
      const at = new Date().toISOString();
      const actions = Array.from({ length: ACTIONS }, () => ({
        id: randomUUID(),
        kind: 'sale',
        at,
        device: 'Bench phone',
        lines,
        tenders: { cash },
      }));

      const helloStarted = performance.now();
      for (let i = 0; i < ACTIONS; i++) await fetch(hello.url);
      const helloMs = performance.now() - helloStarted;

      const started = performance.now();
      const results: { status: string; message: string }[] = [];
      for (let i = 0; i < actions.length; i += BATCH)
        results.push(...(await call('POST', '/api/stand/sync', { actions: actions.slice(i, i + BATCH) })).results);
      const syncMs = performance.now() - started;
      const applied = results.filter((r) => r.status === 'applied').length;

      const table = addTable('Stand sync (POST /api/stand/sync, 300 queued sales in batches of 200, PostgreSQL)', [
        'what',
        'actions',
        'time',
        'per action',
        'target',
        'verdict',
      ]);
      table.rows.push(
        {
          what: 'bare Fastify hello-world, 300 requests one by one (ceiling)',
          actions: String(ACTIONS),
          time: ms(helloMs),
          'per action': ms(helloMs / ACTIONS),
          target: '—',
          verdict: '',
        },
        {
          what: 'stand sync',
          actions: `${applied} applied of ${ACTIONS}`,
          time: ms(syncMs),
          'per action': ms(syncMs / ACTIONS),
          target: `≤ ${BUDGET_MS / 1000} s`,
          verdict: verdict(syncMs <= BUDGET_MS && applied === ACTIONS),
        },
      );
      const refused = results.find((r) => r.status !== 'applied');
      if (refused) table.notes.push(`refused: ${refused.message}`);
      table.notes.push(
        'Each action is its own transaction: its once-only record, the order, stock, tax and tenders (decision 575).',
      );
    } finally {
      if (farmId !== null) {
        await pool.query("delete from orders where producer_user_id = $1 and source = 'stand'", [farmId]);
        await pool.query('delete from stand_actions where producer_user_id = $1', [farmId]);
        await pool.query("delete from pickup_points where producer_user_id = $1 and name = 'Bench Stand'", [farmId]);
      }
      await hello.stop();
      await server.stop();
    }
  },
});
