import type { StateCode } from '@farmstand/shared';
import { STATE_NAMES } from '@farmstand/shared';
import {
  type BenefitProgramme,
  type BenefitTable,
  DEFAULT_BENEFIT_TABLE,
  type Incentive,
  incentiveIn,
  PROGRAMME_TABLE,
  type Source,
  type StateProgramme,
} from '@farmstand/shared/benefits/programmes';
import { IncentiveRequest, StateProgrammeRequest } from '@farmstand/shared/schemas/benefit-programmes';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { benefitProgrammes } from '../../db/schema';
import { insertAdminLog } from '../../lib/admin-log';
import type { AppContext } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';

/**
 * The benefit programmes an admin maintains (decision 516): each `benefit_programmes` row holds
 * what the admin set for a programme in a state or for an incentive, and is laid over the
 * researched defaults of `packages/shared/src/benefits/programmes.ts`. Every rule that reads the
 * table (eligibility, tender plans, what a farm takes, search's filter) reads it from here: a small
 * table, read when it is needed.
 */

const programmeKey = (programme: BenefitProgramme, state: StateCode) => `programme:${programme}:${state}`;
const incentiveKey = (id: string) => `incentive:${id}`;

/** The admin's sources, keyed after their row, into the table's `sources`. */
function keyedSources(table: BenefitTable, rowKey: string, sources: Source[]): string[] {
  return sources.map((source, i) => {
    const key = `${rowKey}#${i + 1}`;
    table.sources[key] = { title: source.title, url: source.url };
    return key;
  });
}

/** What the federal rule makes a programme pay for in every state: its default less the state's additions. */
function federalCovers(programme: BenefitProgramme, state: StateCode) {
  const row = PROGRAMME_TABLE[programme][state];
  return row.covers.filter((category) => !row.stateAdditions.includes(category));
}

function editedProgramme(base: StateProgramme, edit: StateProgrammeRequest, sources: string[]): StateProgramme {
  const federal = federalCovers(base.programme, base.state);
  return {
    ...base,
    name: edit.name,
    authorisedBy: edit.authorisedBy,
    covers: edit.covers,
    stateAdditions: edit.covers.filter((category) => !federal.includes(category)),
    seasonAmount: edit.seasonAmount,
    sources,
    confirmed: edit.confirmed,
    ...(edit.note ? { note: edit.note } : { note: undefined }),
  };
}

function incentiveOf(id: string, input: IncentiveRequest, sources: string[]): Incentive {
  return {
    id,
    name: input.name,
    state: input.state,
    matches: input.matches,
    matchPercent: input.matchPercent,
    dailyCapCents: input.dailyCapCents,
    groups: input.groups,
    originState: input.originState,
    tokenCents: input.tokenCents,
    sources,
    confirmed: input.confirmed,
    note: input.note,
    markets: input.markets,
    active: input.active,
  };
}

/** The table in force: the defaults with every admin row laid over them. */
export async function loadBenefitTable(db: Db): Promise<BenefitTable> {
  const rows = await db.select({ key: benefitProgrammes.key, data: benefitProgrammes.data }).from(benefitProgrammes);
  const table: BenefitTable = {
    sources: { ...DEFAULT_BENEFIT_TABLE.sources },
    programmes: [...DEFAULT_BENEFIT_TABLE.programmes],
    incentives: [...DEFAULT_BENEFIT_TABLE.incentives],
  };
  for (const row of rows.sort((a, b) => a.key.localeCompare(b.key))) {
    const [kind, first, second] = row.key.split(':');
    if (kind === 'programme') {
      const edit = StateProgrammeRequest.safeParse(row.data);
      const at = table.programmes.findIndex((p) => p.programme === first && p.state === second);
      if (!edit.success || at < 0) continue; // written through the same schema: cannot happen
      table.programmes[at] = editedProgramme(table.programmes[at], edit.data, keyedSources(table, row.key, edit.data.sources));
    } else if (kind === 'incentive') {
      const input = IncentiveRequest.safeParse(row.data);
      if (!input.success) continue;
      const incentive = incentiveOf(first, input.data, keyedSources(table, row.key, input.data.sources));
      const at = table.incentives.findIndex((i) => i.id === first);
      if (at >= 0) table.incentives[at] = incentive;
      else table.incentives.push(incentive);
    }
  }
  return table;
}

/** The incentive running in a state now, if any. */
export async function incentiveOfState(db: Db, state: string): Promise<Incentive | null> {
  return incentiveIn(await loadBenefitTable(db), state);
}

/** Admin: edit a programme's row in a state. SNAP's foods are the federal law's. */
export async function saveProgramme(
  ctx: AppContext,
  admin: AuthUser,
  programme: BenefitProgramme,
  state: StateCode,
  input: StateProgrammeRequest,
): Promise<BenefitTable> {
  const federal = federalCovers(programme, state);
  if (programme === 'snap' && (input.covers.length !== federal.length || input.covers.some((c) => !federal.includes(c))))
    throw badRequest('SNAP pays for the foods federal law names (7 U.S.C. 2012(k)): its categories cannot be changed', 'covers');
  if (programme !== 'snap') {
    const missing = federal.filter((category) => !input.covers.includes(category));
    if (missing.length > 0)
      throw badRequest(
        `Every state's coupons pay for what the federal rule names (${missing.join(', ')}): a state can add to it, not take it away`,
        'covers',
      );
  }
  const key = programmeKey(programme, state);
  await ctx.db.transaction(async (tx) => {
    await upsert(tx, key, input, admin.id, ctx.clock.now());
    await insertAdminLog(tx, {
      adminId: admin.id,
      action: 'edit_benefit_programme',
      targetType: 'benefit_programme',
      targetId: key,
      details: { name: input.name },
    });
  });
  return loadBenefitTable(ctx.db);
}

/** "Kentucky Double Dollars" → "kentucky_double_dollars", made unique against the table. */
function newIncentiveId(table: BenefitTable, name: string): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 50) || 'incentive';
  let id = base;
  for (let n = 2; table.incentives.some((i) => i.id === id); n++) id = `${base}_${n}`;
  return id;
}

/**
 * At most one incentive runs in a state: a farm gives "its state's incentive" through its market,
 * and a shopper's plan counts one match a day.
 */
function assertOnePerState(table: BenefitTable, id: string, input: IncentiveRequest) {
  if (!input.active) return;
  const other = table.incentives.find((i) => i.active && i.state === input.state && i.id !== id);
  if (other)
    throw conflict(
      `${other.name} already runs in ${STATE_NAMES[input.state]}: switch it off before another incentive runs there`,
    );
}

/** Admin: add an incentive (201) or edit one, by its id. */
export async function saveIncentive(
  ctx: AppContext,
  admin: AuthUser,
  id: string | null,
  input: IncentiveRequest,
): Promise<{ table: BenefitTable; id: string }> {
  const saved = await ctx.db.transaction(async (tx) => {
    // Two admins saving at once see each other: the check below (one incentive running per state,
    // a new id not yet taken) reads the table under a lock that holds writers off until commit.
    // Hand-written because Drizzle has no LOCK TABLE; measured need: the race, not speed.
    await tx.execute(sql`lock table benefit_programmes in share row exclusive mode`);
    const table = await loadBenefitTable(tx);
    if (id !== null && !table.incentives.some((i) => i.id === id)) throw notFound('Incentive not found');
    const key = id ?? newIncentiveId(table, input.name);
    assertOnePerState(table, key, input);
    await upsert(tx, incentiveKey(key), input, admin.id, ctx.clock.now());
    await insertAdminLog(tx, {
      adminId: admin.id,
      action: id === null ? 'add_incentive' : 'edit_incentive',
      targetType: 'benefit_programme',
      targetId: incentiveKey(key),
      details: { name: input.name, active: input.active },
    });
    return key;
  });
  return { table: await loadBenefitTable(ctx.db), id: saved };
}

async function upsert(db: Db, key: string, data: object, by: number, at: Date) {
  await db
    .insert(benefitProgrammes)
    .values({ key, data, updatedBy: by, updatedAt: at })
    .onConflictDoUpdate({ target: benefitProgrammes.key, set: { data, updatedBy: by, updatedAt: at } });
}
