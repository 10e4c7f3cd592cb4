import { z } from 'zod';
import { BENEFIT_PROGRAMMES } from '../benefits/programmes';
import { PRODUCT_CATEGORIES, STATES } from '../constants/catalog';

/**
 * The benefit programmes as the admins maintain them (decision 516): every programme's row per state
 * and the state incentives, laid over the researched defaults in `benefits/programmes.ts`. The table
 * travels in the shared rules' own spelling (camelCase), because it is what those pure functions read
 * on the server and in the browser alike.
 *
 *   GET /api/benefits/programmes                               anyone: the table in force
 *   PUT /api/admin/benefits/programmes/{programme}/{state}      admin: edit a programme's row in a state
 *   POST /api/admin/benefits/incentives                         admin: add an incentive
 *   PUT /api/admin/benefits/incentives/{id}                     admin: edit one (or switch it off)
 */

const Source = z.object({ title: z.string(), url: z.string() });

const StateProgramme = z.object({
  programme: z.enum(BENEFIT_PROGRAMMES),
  state: z.enum(STATES),
  name: z.string(),
  authorisedBy: z.string(),
  stateAuthorisation: z.boolean(),
  covers: z.array(z.enum(PRODUCT_CATEGORIES)),
  stateAdditions: z.array(z.enum(PRODUCT_CATEGORIES)),
  grownInState: z.boolean(),
  seasonAmount: z.object({ cents: z.number(), asOf: z.string() }).nullable(),
  sources: z.array(z.string()),
  confirmed: z.boolean(),
  note: z.string().optional(),
});

const IncentiveGroup = z.object({
  categories: z.array(z.enum(PRODUCT_CATEGORIES)),
  capCents: z.number(),
  confirmed: z.boolean(),
  label: z.string(),
});

const Incentive = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(STATES),
  matches: z.array(z.enum(BENEFIT_PROGRAMMES)),
  matchPercent: z.number(),
  dailyCapCents: z.number(),
  groups: z.array(IncentiveGroup),
  originState: z.enum(STATES),
  tokenCents: z.number(),
  sources: z.array(z.string()),
  confirmed: z.boolean(),
  note: z.string(),
  markets: z.array(z.string()),
  active: z.boolean(),
});

export const BenefitTableResponse = z.object({
  sources: z.record(z.string(), Source),
  programmes: z.array(StateProgramme),
  incentives: z.array(Incentive),
});
export type BenefitTableResponse = z.infer<typeof BenefitTableResponse>;

// --- what an admin sends ------------------------------------------------------------------------

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is at most ${max} characters`);

const cents = (label: string, max: number) =>
  z
    .number({ error: `${label} must be an amount in cents` })
    .int(`${label} must be a whole number of cents`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} is at most ${max} cents`);

/** A source is a page anyone can open: only http(s) addresses, shown as links. */
const SourceInput = z.strictObject({
  title: text('A source’s title', 300),
  url: z
    .string({ error: 'A source’s address is required' })
    .trim()
    .max(500, 'A source’s address is at most 500 characters')
    .refine((url) => {
      try {
        return ['http:', 'https:'].includes(new URL(url).protocol);
      } catch {
        return false;
      }
    }, 'A source’s address must be a web page (https://…)'),
});

const sources = z
  .array(SourceInput, { error: 'Give the official sources (sources)' })
  .min(1, 'Give at least one official source: where the rule is written')
  .max(6, 'Give at most 6 sources');

const categories = (label: string) =>
  z
    .array(z.enum(PRODUCT_CATEGORIES, { error: `${label}: choose from the product categories` }))
    .min(1, `${label}: choose at least one category`)
    .refine((list) => new Set(list).size === list.length, `${label}: choose each category once`);

const note = z.string().trim().max(300, 'The note is at most 300 characters').default('');

export const ProgrammeParams = z.object({
  programme: z.enum(BENEFIT_PROGRAMMES, { error: 'Unknown programme: snap, wic_fmnp or senior_fmnp' }),
  state: z.enum(STATES, { error: `Unknown state: ${STATES.join(', ')}` }),
});

/**
 * A programme's row in a state, as an admin edits it. What a programme covers is set by federal
 * rules; a state adds to it (Senior FMNP honey). SNAP's foods are the federal law's, so the server
 * refuses a change to SNAP's `covers`.
 */
export const StateProgrammeRequest = z.strictObject({
  name: text('The programme’s name', 120),
  authorisedBy: text('Who authorises farmers', 200),
  covers: categories('What it pays for (covers)'),
  seasonAmount: z
    .strictObject({ cents: cents('The season amount', 100_000), asOf: text('The year of the amount (asOf)', 20) })
    .nullable(),
  sources,
  confirmed: z.boolean({ error: 'Say whether the sources confirm these rules (confirmed)' }),
  note,
});
export type StateProgrammeRequest = z.infer<typeof StateProgrammeRequest>;

export const IncentiveParams = z.object({ id: z.string().regex(/^[a-z0-9_]{1,60}$/, 'Unknown incentive') });

const uniqueTrimmed = (list: string[]) => new Set(list.map((s) => s.toLowerCase())).size === list.length;

/** An incentive (a match of benefits), as an admin adds or edits it. */
export const IncentiveRequest = z
  .strictObject({
    name: text('The incentive’s name', 80),
    state: z.enum(STATES, { error: `The state must be one of ${STATES.join(', ')}` }),
    matches: z
      .array(z.enum(BENEFIT_PROGRAMMES, { error: 'It matches snap, wic_fmnp or senior_fmnp' }))
      .min(1, 'Choose the benefits it matches')
      .refine((list) => new Set(list).size === list.length, 'Choose each matched benefit once'),
    matchPercent: z
      .number({ error: 'The match rate is a whole percent (100 = $1 for $1)' })
      .int('The match rate is a whole percent (100 = $1 for $1)')
      .min(1, 'The match rate is at least 1 %')
      .max(300, 'The match rate is at most 300 %'),
    dailyCapCents: cents('The daily cap per shopper', 100_000),
    groups: z
      .array(
        z.strictObject({
          label: text('Each group’s label', 120),
          categories: categories('Each group’s categories'),
          capCents: cents('Each group’s cap', 100_000),
          confirmed: z.boolean({ error: 'Say whether each group is confirmed' }),
        }),
        { error: 'Give what it matches (groups)' },
      )
      .min(1, 'Give at least one group of categories it matches')
      .max(6, 'Give at most 6 groups'),
    originState: z.enum(STATES, { error: `The origin must be one of ${STATES.join(', ')}` }),
    tokenCents: cents('The token value', 10_000),
    markets: z
      .array(text('Each market’s name', 120))
      .max(200, 'List at most 200 markets')
      .refine(uniqueTrimmed, 'List each market once')
      .default([]),
    sources,
    confirmed: z.boolean({ error: 'Say whether the sources confirm these rules (confirmed)' }),
    note,
    active: z.boolean({ error: 'Say whether it runs now (active)' }),
  })
  .refine((i) => new Set(i.groups.flatMap((g) => g.categories)).size === i.groups.flatMap((g) => g.categories).length, {
    message: 'A category can be in one group only',
    path: ['groups'],
  });
export type IncentiveRequest = z.infer<typeof IncentiveRequest>;
