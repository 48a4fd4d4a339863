import { describe, expect, it } from 'vitest';
import { DEFAULT_STATUSES, STATUS_TYPES } from '@cod/shared';
import { createTestTenant, createTestUser, loginAs, openTestApp } from './support/test-db.js';

const { app, database } = await openTestApp();

describe('GET /dashboard/page-props', () => {
  it('answers SPEC 3 shared page props for the signed-in tenant', async () => {
    const tenant = await createTestTenant(database);
    const { authorization } = await loginAs(app, tenant.ownerEmail);
    const props = (
      await app.inject({ method: 'GET', url: '/dashboard/page-props', headers: { authorization } })
    ).json();
    expect(props).toMatchObject({
      cq_name: tenant.cqName,
      firebaseCustomToken: null,
      auth: { user: { id: tenant.ownerId } },
      tenant_payment_status: { plan: 'Trial', status: 'active' },
      lowStockProducts: [],
    });
    expect(props.tenant_payment_status.valid_to).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('statuses', () => {
  it('seeds a default set covering all nine status types', async () => {
    const tenant = await createTestTenant(database);
    const { authorization } = await loginAs(app, tenant.ownerEmail);
    const { data, total } = (
      await app.inject({ method: 'GET', url: '/dashboard/statuses', headers: { authorization } })
    ).json();
    expect(total).toBe(DEFAULT_STATUSES.length);
    expect(new Set(data.map((s: { type: string }) => s.type))).toEqual(new Set(STATUS_TYPES));
    // SPEC 3 fields, plus the names per language, position and flags of the statuses editor (issue 18.3).
    expect(Object.keys(data[0]).sort()).toEqual([
      'active',
      'color',
      'display_name',
      'id',
      'is_system',
      'name',
      'names',
      'position',
      'type',
    ]);
    expect(data[0].names).toEqual({ en: 'New', fr: 'Nouvelle', ar: 'جديدة' });
  });
});

describe('reference data', () => {
  it('answers the communes of a wilaya from the reference files', async () => {
    const tenant = await createTestTenant(database);
    const agent = await createTestUser(database, tenant, 'Support Agent');
    const { authorization } = await loginAs(app, agent.email);
    const algiers = (
      await app.inject({ method: 'GET', url: '/dashboard/cities/state/16', headers: { authorization } })
    ).json();
    expect(algiers.total).toBe(57);
    expect(algiers.data).toContainEqual(
      expect.objectContaining({ id: 1601, name: 'Alger Centre', name_ar: 'الجزائر الوسطى', state_id: 16 }),
    );
    const padded = (
      await app.inject({ method: 'GET', url: '/dashboard/cities/state/01', headers: { authorization } })
    ).json();
    expect(padded.data.every((c: { state_id: number }) => c.state_id === 1)).toBe(true);
    expect(
      (await app.inject({ method: 'GET', url: '/dashboard/cities/state/77', headers: { authorization } })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/dashboard/cities/state/abc', headers: { authorization } })).statusCode,
    ).toBe(422);
    expect((await app.inject({ method: 'GET', url: '/dashboard/cities/state/16' })).statusCode).toBe(401);
    const states = (await app.inject({ method: 'GET', url: '/dashboard/states', headers: { authorization } })).json();
    expect(states.total).toBe(58);
  });

  it('serves the Yalidine stop-desk centres as a static file', async () => {
    const response = await app.inject({ method: 'GET', url: '/yalidine_centers.json' });
    expect(response.statusCode).toBe(200);
    const centres = response.json();
    expect(centres).toHaveLength(160);
    expect(centres[0]).toMatchObject({
      center_id: expect.any(Number),
      name: expect.any(String),
      wilaya_name: expect.any(String),
    });
  });
});

describe('HTTP behaviour', () => {
  it('redirects / to /build/ and answers JSON 404 for unknown API paths', async () => {
    const root = await app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/build/');
    const missing = await app.inject({ method: 'GET', url: '/dashboard/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
  });

  it('sends strict security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an id beyond PostgreSQL integers with 422, not 500', async () => {
    const tenant = await createTestTenant(database);
    const { authorization } = await loginAs(app, tenant.ownerEmail);
    for (const url of ['/dashboard/users/99999999999', '/dashboard/statuses/-1', '/dashboard/statuses/1.5']) {
      const response = await app.inject({ method: 'GET', url, headers: { authorization } });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors.id).toEqual(['The id is invalid.']);
    }
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The request body is not valid JSON.');
  });
});

describe('central realm', () => {
  it('signs a central admin in with its own tokens, which tenant routes refuse', async () => {
    const { seedCentralAdmin } = await import('../src/db/seed/demo.js');
    await seedCentralAdmin(database.db);
    const login = await app.inject({
      method: 'POST',
      url: '/central/login',
      payload: { email: 'admin@central.dz', password: 'demo12345' },
    });
    expect(login.statusCode).toBe(200);
    const authorization = `Bearer ${login.json().accessToken}`;
    expect(
      (await app.inject({ method: 'GET', url: '/central/me', headers: { authorization } })).json().adminData.email,
    ).toBe('admin@central.dz');
    expect(
      (await app.inject({ method: 'GET', url: '/dashboard/page-props', headers: { authorization } })).statusCode,
    ).toBe(401);
    const tenant = await createTestTenant(database);
    const shop = await loginAs(app, tenant.ownerEmail);
    expect(
      (await app.inject({ method: 'GET', url: '/central/me', headers: { authorization: shop.authorization } }))
        .statusCode,
    ).toBe(401);
  });
});
