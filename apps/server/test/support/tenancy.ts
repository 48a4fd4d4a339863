import { expect } from 'vitest';
import type { TApp } from '../../src/http/app.js';

/** Per route ('PUT /dashboard/x/:id'): one of the other shop's ids, and a body the caller could send. */
export type TForeignIdFixture = Record<string, { id: number | string; body?: unknown }>;

/**
 * Tenant isolation of the routes with a path parameter (ARCHITECTURE 3.2, 3.5): each is called by
 * `authorization` with the other shop's id of `fixture` and a valid body, so only tenancy can refuse
 * it, and must answer 404. Fails first when a route has no fixture entry or an entry no route.
 */
export async function expectForeignIdsNotFound(
  app: TApp['app'],
  routes: ReadonlyArray<{ method: string; url: string }>,
  fixture: TForeignIdFixture,
  authorization: string,
): Promise<void> {
  const withParams = routes.filter((r) => r.url.includes('/:')).map((r) => `${r.method} ${r.url}`);
  expect(
    withParams.filter((key) => !(key in fixture)),
    'add the new route to this fixture',
  ).toEqual([]);
  expect(
    Object.keys(fixture).filter((key) => !withParams.includes(key)),
    'stale fixture entries',
  ).toEqual([]);

  for (const key of withParams) {
    const [method, url] = key.split(' ') as [string, string];
    const { id, body } = fixture[key]!;
    const response = await app.inject({
      method: method as 'GET',
      url: url.replace(/:\w+/, String(id)),
      headers: { authorization },
      payload: method === 'GET' || method === 'DELETE' ? undefined : ((body ?? {}) as object),
    });
    expect(response.statusCode, `${key} answered ${response.body}`).toBe(404);
  }
}
