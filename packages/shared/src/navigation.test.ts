import { describe, expect, it } from 'vitest';
import { groupHasActiveChild, isLinkActive, NAVIGATION, visibleNavigation, type TNavGroup } from './navigation.js';
import { abilitiesFromPermissions, DEFAULT_ROLE_PERMISSIONS, NAV_SLUGS } from './permissions.js';

const canFrom = (permissions: readonly string[]) => {
  const rules = abilitiesFromPermissions(permissions);
  return (action: string, subject: string) => rules.some((r) => r.action === action && r.subject === subject);
};
const titles = (permissions: readonly string[]) =>
  visibleNavigation(NAVIGATION, permissions, canFrom(permissions)).flatMap((e) =>
    e.kind === 'group' ? [e.title, ...e.children.map((c) => `${e.title}/${c.title}`)] : [e.title],
  );

describe('sidebar visibility (SPEC 2.1)', () => {
  it('always shows home, even with no permission', () => {
    expect(titles([])).toEqual(['home']);
  });

  it('needs the view permission AND the ability', () => {
    const permissions = ['view products'];
    expect(titles(permissions)).toContain('products');
    const noAbility = visibleNavigation(NAVIGATION, permissions, () => false).map((e) => e.title);
    expect(noAbility).toEqual(['home']);
  });

  it('shows a group only with a visible child, and trims hidden children', () => {
    expect(titles(['view system'])).not.toContain('system');
    expect(titles(['view system', 'view statuses'])).toEqual(['home', 'system', 'system/statuses']);
  });

  it('hides a group whose own action/subject is not allowed, even with a visible child', () => {
    const permissions = ['view statuses'];
    expect(titles(permissions)).not.toContain('system');
  });

  it('gives each seeded role the sidebar of its job', () => {
    expect(titles(DEFAULT_ROLE_PERMISSIONS['Support Agent'])).toEqual([
      'home',
      'orders',
      'analytics',
      'customers',
      'profile',
    ]);
    const owner = titles(DEFAULT_ROLE_PERMISSIONS.Owner);
    expect(owner).toContain('system/roles_permissions');
    expect(owner).toContain('accounting/income');
    expect(titles(DEFAULT_ROLE_PERMISSIONS.Manager)).not.toContain('system');
    expect(titles(DEFAULT_ROLE_PERMISSIONS['Stock Keeper'])).toEqual([
      'home',
      'products',
      'providers',
      'stock',
      'profile',
    ]);
  });

  it('declares one permission per sidebar slug', () => {
    const slugs = NAVIGATION.flatMap((e) =>
      e.kind === 'group' ? [e.slug, ...e.children.map((c) => c.slug)] : e.kind === 'link' ? [e.slug] : [],
    );
    expect(new Set(slugs)).toEqual(new Set(NAV_SLUGS));
  });
});

describe('active link rule', () => {
  it('matches the end of the path without query or trailing slash, case-insensitively', () => {
    expect(isLinkActive('/build/dashboard/orders/?tab=ready', '/dashboard/orders')).toBe(true);
    expect(isLinkActive('/dashboard/Orders', '/dashboard/orders')).toBe(true);
    expect(isLinkActive('/dashboard/orders/5', '/dashboard/orders')).toBe(false);
    expect(isLinkActive('/dashboard/stock', '/dashboard/orders')).toBe(false);
  });

  it('opens a group when one of its children matches', () => {
    const system = NAVIGATION.find((e) => e.kind === 'group' && e.slug === 'system') as TNavGroup;
    expect(groupHasActiveChild(system, '/dashboard/statuses')).toBe(true);
    expect(groupHasActiveChild(system, '/dashboard/orders')).toBe(false);
  });
});

describe('abilities from permissions', () => {
  it("turns 'view x' into read x and keeps the default read Auth", () => {
    expect(abilitiesFromPermissions(['view orders', 'dispatch orders', 'bogus'])).toEqual([
      { action: 'read', subject: 'Auth' },
      { action: 'read', subject: 'orders' },
      { action: 'dispatch', subject: 'orders' },
    ]);
  });
});
