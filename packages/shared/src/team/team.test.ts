import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '../permissions.js';
import { DEFAULT_STATUSES, statusLabel } from '../statuses.js';
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
