import { afterEach, describe, expect, it } from 'vitest';
import { buildAbility } from './ability';

describe('buildAbility', () => {
  afterEach(() => localStorage.clear());

  it('allows only reading Auth when nothing is stored (SPEC 6)', () => {
    const ability = buildAbility();

    expect(ability.can('read', 'Auth')).toBe(true);
    expect(ability.can('read', 'orders')).toBe(false);
    expect(ability.can('manage', 'all')).toBe(false);
  });

  it('falls back to the default when the stored value is not a rule list', () => {
    localStorage.setItem('userAbilities', '{not json');

    const ability = buildAbility();

    expect(ability.can('read', 'Auth')).toBe(true);
    expect(ability.can('read', 'users')).toBe(false);
  });

  it('reads the rules stored under userAbilities after login', () => {
    localStorage.setItem(
      'userAbilities',
      JSON.stringify([
        { action: 'read', subject: 'Auth' },
        { action: 'read', subject: 'orders' },
      ]),
    );

    const ability = buildAbility();

    expect(ability.can('read', 'orders')).toBe(true);
    expect(ability.can('read', 'users')).toBe(false);
  });
});
