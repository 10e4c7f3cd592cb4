import type { UserType } from '@farmstand/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admits, deniedMessage } from '../plugins/route-access';
import { type ApiOperation, apiOperations, fillPath } from './api-routes';
import { bearer, buildStandHelper, buildUser, setUserStatus, type TestUser } from './factories';
import { buildTestApp, type TestApp } from './test-app';

/**
 * Every documented route x {guest, consumer, producer, other producer, suspended, admin, stand helper}.
 * The stand helper (decision 579) is the producer's: let in only where a route names them.
 * The expected answer comes from the route's declared `config.access`, so a new route that declares
 * nothing fails here, and a route whose gate lets the wrong people in (or keeps the right ones out)
 * fails too. Bodies are empty on purpose: refusals must come before validation.
 */
type Caller = 'guest' | 'consumer' | 'producer' | 'other producer' | 'suspended' | 'admin' | 'stand helper';
const CALLERS: Caller[] = ['guest', 'consumer', 'producer', 'other producer', 'suspended', 'admin', 'stand helper'];
const TYPE_OF: Record<Caller, UserType | null> = {
  guest: null,
  suspended: null, // a suspended account's token no longer works: a guest with a bad token
  consumer: 'consumer',
  producer: 'producer',
  'other producer': 'producer',
  admin: 'admin',
  'stand helper': 'stand_helper',
};

/**
 * Routes about one producer's own things, called with the producer's id: the other producer passes
 * the access check (same type) and must then be refused by the ownership rule.
 */
const OWNED_BY_PRODUCER = new Set(['GET /api/analytics/producer/{id}']);

let app: TestApp;
let operations: ApiOperation[];
const users = {} as Record<Exclude<Caller, 'guest'>, TestUser>;

beforeAll(async () => {
  app = await buildTestApp();
  [users.consumer, users.producer, users['other producer'], users.suspended, users.admin] = await Promise.all([
    buildUser(app, { userType: 'consumer' }),
    buildUser(app, { userType: 'producer' }),
    buildUser(app, { userType: 'producer' }),
    buildUser(app, { userType: 'consumer' }),
    buildUser(app, { userType: 'admin' }),
  ]);
  users['stand helper'] = await buildStandHelper(app, users.producer.id);
  await setUserStatus(app, users.suspended.id, 'suspended');
  operations = apiOperations(app);
});
afterAll(() => app.closeAll());

type Expectation = { status: 401 | 403; message?: string } | 'allowed';

function expected(operation: ApiOperation, caller: Caller): Expectation {
  const declared = operation.declared;
  if (!declared?.access || declared.access === 'public') return 'allowed';
  const type = TYPE_OF[caller];
  if (!type) {
    const signIn = caller === 'guest' ? (declared.accessMessages.signIn ?? 'Please sign in to continue') : undefined;
    return { status: 401, message: signIn ?? 'Your session has expired. Please sign in again.' };
  }
  if (admits(declared.access, type, declared.standHelpers)) return 'allowed';
  return { status: 403, message: deniedMessage(declared.access, type, declared.accessMessages) };
}

const isOwned = (operation: ApiOperation) => OWNED_BY_PRODUCER.has(`${operation.method} ${operation.path}`);

async function call(operation: ApiOperation, caller: Caller) {
  const user = caller === 'guest' ? undefined : users[caller];
  const producerId = users.producer.id;
  return app.inject({
    method: operation.method,
    // The producer's own id where the route is about a producer; otherwise an id that does not exist.
    url: fillPath(operation.path, { producerId, key: 'general', default: isOwned(operation) ? producerId : 999_999 }),
    headers: user ? bearer(user) : {},
    ...(operation.hasBody ? { payload: {} } : {}),
  });
}

describe('role x route matrix (from the OpenAPI document)', () => {
  it('finds the documented routes and every one declares config.access', () => {
    expect(operations.length).toBeGreaterThan(60);
    const undeclared = operations.filter((operation) => !operation.declared?.access);
    expect(undeclared.map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);
  });

  it('every /api route, documented or hidden, declares config.access', () => {
    const undeclared = app.declaredRoutes.filter((route) => !route.access);
    expect(undeclared.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('answers each caller as the route declares', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      for (const caller of CALLERS) {
        const expectation = expected(operation, caller);
        const type = TYPE_OF[caller];
        const response = await call(operation, caller);
        const label = `${operation.method} ${operation.path} as ${caller}: ${response.statusCode} ${response.body.slice(0, 120)}`;
        if (response.statusCode >= 500) {
          failures.push(`${label} (5xx)`);
        } else if (expectation === 'allowed' && caller === 'other producer' && isOwned(operation)) {
          if (response.statusCode !== 403) failures.push(`${label} (expected the ownership rule's 403)`);
        } else if (expectation === 'allowed') {
          const gateRefused =
            response.statusCode === 401 ||
            (response.statusCode === 403 &&
              Array.isArray(operation.declared?.access) &&
              type !== null &&
              response.json().message === deniedMessage(operation.declared.access, type, operation.declared.accessMessages));
          if (gateRefused) failures.push(`${label} (expected to get past the access check)`);
        } else if (response.statusCode !== expectation.status || response.json().message !== expectation.message) {
          failures.push(`${label} (expected ${expectation.status} "${expectation.message}")`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
