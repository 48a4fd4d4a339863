import { describe, expect, it } from 'vitest';
import type { TRouteRecord } from '../../src/http/access-guard.js';
import { fuzzShop, openFuzzApp, seedsOf } from './fuzz-fixture.js';
import { fuzzCases, type TFuzzCase } from './fuzz-payloads.js';
import { paramValuesOf, tenantChecksum, writeMark } from './fuzz-support.js';

/**
 * Malformed input never answers 5xx and a refused request writes nothing (docs/decisions/0039).
 * The routes come from the route table, so a new route is fuzzed the day it lands; each gets the
 * payloads of fuzz-payloads.ts as the owner of a fresh shop, its path parameters naming that
 * shop's rows. After every answer the shop's rows are fingerprinted: a 4xx must leave them as
 * they were.
 */
const { app, routes, database } = await openFuzzApp();
const fx = await fuzzShop(app, database);
const seeds = seedsOf(fx);
const tenantId = fx.shop.tenant.id;

// Every route, public or not, JSON or not (uploads, carrier webhooks), is sent everything, but:
const EXCLUDED: Record<string, string> = {
  'GET /build/*':
    'serves the built web app (http/spa.ts); tests run without a build, where it answers 503 "not built yet" by design',
};

const keyOf = (route: TRouteRecord) => `${route.method} ${route.url}`;
const WRITES = new Set(['POST', 'PUT', 'PATCH']);
const writeRoutes = routes.filter((r) => WRITES.has(r.method) && !(keyOf(r) in EXCLUDED));
const readRoutes = routes.filter((r) => !WRITES.has(r.method) && !(keyOf(r) in EXCLUDED));

function headersOf(route: TRouteRecord): Record<string, string> {
  // The intake API signs in with its channel's key; logging out must not end the session that
  // the other routes use.
  if (route.url === '/api/orders') return { 'x-intake-key': fx.intakeKey };
  if (route.url === '/logout') return { authorization: fx.spareAuthorization };
  return { authorization: fx.shop.authorization };
}

function errorFields(body: string): string[] {
  try {
    const errors = (JSON.parse(body) as { errors?: Record<string, unknown> }).errors ?? {};
    return Object.keys(errors).map((field) => field.split('.')[0]!);
  } catch {
    return [];
  }
}

/**
 * Sends each case to `route` and answers what went wrong: a 5xx, or a 4xx after which the shop's
 * rows differ. `probe` first sends {}: the fields its 422 names get their own wrong values.
 */
async function fuzz(route: TRouteRecord, options: { probe: boolean; cases: (fields: string[]) => TFuzzCase[] }) {
  const params = await paramValuesOf(database, tenantId, route.url);
  const failures: string[] = [];
  let sent = 0;
  let before = await tenantChecksum(database, tenantId);
  let mark = await writeMark(database);
  const send = async (c: TFuzzCase) => {
    const path = route.url.replace(/:(\w+)/g, (_, name: string) => c.params?.[name] ?? params[name]!);
    const response = await app.inject({
      method: route.method as 'POST',
      url: path + (c.query ?? ''),
      headers: { ...headersOf(route), ...(c.contentType ? { 'content-type': c.contentType } : {}) },
      ...(c.payload === undefined ? {} : { payload: c.payload }),
      remoteAddress: '10.77.0.1',
    });
    sent += 1;
    const where = `${c.label} (${response.statusCode})`;
    if (response.statusCode >= 500) failures.push(`${where}: ${response.body.slice(0, 300)}`);
    const nextMark = await writeMark(database);
    if (nextMark !== mark) {
      const after = await tenantChecksum(database, tenantId);
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (response.statusCode >= 400 && changed.length) failures.push(`${where} but changed ${changed.join(', ')}`);
      [before, mark] = [after, await writeMark(database)];
    }
    return response;
  };
  const empty = options.probe ? await send({ label: '{}', payload: '{}', contentType: 'application/json' }) : null;
  for (const c of options.cases(empty ? errorFields(empty.body) : [])) await send(c);
  return { failures, sent, probeStatus: empty?.statusCode };
}

describe('malformed input on every POST, PUT and PATCH route', () => {
  it('finds the routes in the route table, and a seed body names only real routes', () => {
    expect(writeRoutes.length).toBeGreaterThan(50);
    expect(Object.keys(seeds).filter((key) => !writeRoutes.some((r) => keyOf(r) === key))).toEqual([]);
  });

  it('notices a write: the mark moves and the fingerprint of the shop changes', async () => {
    const [before, mark] = [await tenantChecksum(database, tenantId), await writeMark(database)];
    const edit = await app.inject({
      method: 'PUT',
      url: `/dashboard/statuses/${fx.shop.status.new}`,
      headers: { authorization: fx.shop.authorization },
      payload: { display_name: 'Nouvelle' },
    });
    expect(edit.statusCode).toBe(200);
    expect(await writeMark(database)).not.toBe(mark);
    expect(await tenantChecksum(database, tenantId)).not.toEqual(before);
  });

  it.each(writeRoutes.map((route) => [keyOf(route), route] as const))('%s', async (key, route) => {
    const params = Object.keys(await paramValuesOf(database, tenantId, route.url));
    const { failures, sent, probeStatus } = await fuzz(route, {
      probe: true,
      cases: (fields) => fuzzCases({ seed: seeds[key] ?? {}, fields, params }),
    });
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(30);
    // Behind the session guard, the payloads reached the route's own checks rather than a sign-in
    // refusal (the owner is no central admin; logging out ends its own session at the first one).
    const guarded = route.access !== 'public' && route.access !== 'central' && route.url !== '/logout';
    if (guarded) expect([401, 403]).not.toContain(probeStatus);
  });
});

describe('malformed path parameters and query strings on every GET and DELETE route', () => {
  const BAD_PARAMS = ['99999999999999999999', '-1', '%00', '%ED%A0%80', 'x'.repeat(600)];
  const BAD_QUERIES: TFuzzCase[] = [
    { label: 'query with NUL and a broken escape', query: '?search=%00&page=%ED%A0%80&per_page=%' },
    { label: 'query pollution', query: '?__proto__[x]=1&order_ids[]=%00&status[a][b]=1' },
    { label: 'huge numbers', query: '?page=99999999999999999999&per_page=-1&product_id=1e999' },
  ];

  it.each(readRoutes.map((route) => [keyOf(route), route] as const))('%s', async (_key, route) => {
    const params = Object.keys(await paramValuesOf(database, tenantId, route.url));
    const { failures } = await fuzz(route, {
      probe: false,
      cases: () => [
        // A DELETE gets only bad parameters: with the fixture's own id it would delete it.
        ...(route.method === 'GET' || !params.length ? BAD_QUERIES : []),
        ...params.flatMap((name) =>
          BAD_PARAMS.map((value) => ({ label: `:${name} = ${value.slice(0, 24)}`, params: { [name]: value } })),
        ),
      ],
    });
    expect(failures).toEqual([]);
  });
});
