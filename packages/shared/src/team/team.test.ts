import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '../permissions.js';
import { DEFAULT_STATUSES, statusLabel } from '../statuses.js';
import { actOnRefusal, authorityOf, permissionsBeyond } from './authority.js';
import { permissionMatrix } from './roles.js';
import { ZCreateUserRequest } from './users.js';

describe('statusLabel (issue 12.2)', () => {
  const status = { name: 'no_answer', display_name: 'Injoignable', names: { en: 'No answer', ar: 'لا يوجد رد' } };
  it("answers the interface language's name, else the shop's own name", () => {
    expect(statusLabel(status, 'ar')).toBe('لا يوجد رد');
    expect(statusLabel(status, 'en-US')).toBe('No answer');
    expect(statusLabel(status, 'fr')).toBe('Injoignable');
    expect(statusLabel({ name: 'x', display_name: '', names: null }, 'fr')).toBe('x');
  });
  it('names every default status in the three languages', () => {
    for (const s of DEFAULT_STATUSES) expect(Object.keys(s.names).sort()).toEqual(['ar', 'en', 'fr']);
  });
});

describe('permissionMatrix (issue 18.2)', () => {
  it('shows every permission of the list exactly once', () => {
    const shown = permissionMatrix().flatMap((a) => a.permissions);
    expect(shown.sort()).toEqual([...ALL_PERMISSIONS].sort());
  });
  it('puts a permission appended with an unknown subject under "other", never drops it', () => {
    const matrix = permissionMatrix([...ALL_PERMISSIONS, 'approve payouts']);
    expect(matrix.find((a) => a.key === 'other')?.permissions).toContain('approve payouts');
  });
});

describe('user commission rules (issue 18.1)', () => {
  const base = { name: 'A', email: 'a@b.dz', role_id: 1 };
  it('needs an amount for a fixed commission and a rate within 0-100', () => {
    expect(ZCreateUserRequest.safeParse({ ...base, commission_type: 'fixed' }).success).toBe(false);
    expect(ZCreateUserRequest.safeParse({ ...base, commission_type: 'fixed', commission_amount: 100 }).success).toBe(
      true,
    );
    expect(ZCreateUserRequest.safeParse({ ...base, commission_type: 'percent', commission_rate: 120 }).success).toBe(
      false,
    );
    expect(ZCreateUserRequest.safeParse({ ...base, commission_type: 'per_order' }).success).toBe(false);
  });
});

describe('containment of authority (decision 0139)', () => {
  const owner = authorityOf(true, []);
  const manager = authorityOf(false, ['view orders', 'manage users', 'view users']);
  const agent = authorityOf(false, ['view orders']);
  it('gives an owner every permission whatever its rows say', () => {
    expect(owner.permissions).toEqual(ALL_PERMISSIONS);
    expect(permissionsBeyond(owner, ['manage roles', 'manage settings'])).toEqual([]);
  });
  it('names what the actor may not grant, once each, in the order asked', () => {
    expect(permissionsBeyond(manager, ['manage roles', 'view orders', 'manage roles', 'manage settings'])).toEqual([
      'manage roles',
      'manage settings',
    ]);
    expect(permissionsBeyond(manager, ['view orders'])).toEqual([]);
  });
  it('lets only an owner act on an owner', () => {
    expect(actOnRefusal(manager, owner)).toBe('team.only_owner_acts_on_owner');
    expect(actOnRefusal(authorityOf(false, [...ALL_PERMISSIONS]), owner)).toBe('team.only_owner_acts_on_owner');
    expect(actOnRefusal(owner, authorityOf(true, []))).toBeNull();
  });
  it('needs every permission the target holds', () => {
    expect(actOnRefusal(manager, agent)).toBeNull();
    expect(actOnRefusal(agent, manager)).toBe('team.target_outranks_actor');
    expect(actOnRefusal(manager, authorityOf(false, ['view orders', 'manage roles']))).toBe(
      'team.target_outranks_actor',
    );
    expect(actOnRefusal(manager, manager)).toBeNull();
  });
});
