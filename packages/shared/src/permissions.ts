/**
 * Permission strings. SPEC 6: navigation needs 'view {slug}'; actions are '<verb> <subject>'.
 * One list drives the seed, the role screen, the server's route guard and the client's abilities.
 */

// SPEC 2.2: every sidebar slug. 'home' is always shown but still a permission so roles stay uniform.
export const NAV_SLUGS = [
  'home',
  'orders',
  'accounting',
  'expenses',
  'income',
  'cases',
  'products',
  'providers',
  'stock',
  'customers',
  'users',
  'profile',
  'sales_channels',
  'shipping_companies',
  'system',
  'roles-permissions',
  'statuses',
  // Issue 18: the system group's shop settings and audit log.
  'shop-settings',
  'audit-log',
] as const;
export type TNavSlug = (typeof NAV_SLUGS)[number];

export const VIEW_PERMISSIONS = NAV_SLUGS.map((slug) => `view ${slug}` as const);

// Append new permissions here (issue 18.2): the roles screen's matrix (team/roles.ts permissionMatrix)
// shows each under the sidebar area of its subject, and the server may guard routes only with these.
export const ACTION_PERMISSIONS = [
  'create orders',
  'update orders',
  'delete orders',
  'export orders',
  'import orders',
  'assign orders',
  'dispatch orders',
  'view all orders',
  'manage products',
  'manage providers',
  'manage stock',
  'manage customers',
  'manage users',
  'manage roles',
  'manage statuses',
  'manage sales_channels',
  'manage shipping_companies',
  'manage expenses',
  'manage income',
  'manage cases',
  'manage settings',
] as const;

export const ALL_PERMISSIONS = [...VIEW_PERMISSIONS, ...ACTION_PERMISSIONS] as const;
export type TPermission = (typeof ALL_PERMISSIONS)[number];

export function isPermission(value: string): value is TPermission {
  return (ALL_PERMISSIONS as readonly string[]).includes(value);
}

export type TRoleName = 'Owner' | 'Manager' | 'Support Agent' | 'Stock Keeper';

/** Seeded roles. Support Agent works only its assigned orders (no 'view all orders'). */
export const DEFAULT_ROLE_PERMISSIONS: Record<TRoleName, readonly TPermission[]> = {
  Owner: ALL_PERMISSIONS,
  Manager: ALL_PERMISSIONS.filter(
    (p) =>
      ![
        'manage roles',
        'view roles-permissions',
        'view system',
        'view shop-settings',
        'view audit-log',
        'manage settings',
      ].includes(p),
  ),
  'Support Agent': ['view home', 'view orders', 'view customers', 'view profile', 'create orders', 'update orders'],
  'Stock Keeper': [
    'view home',
    'view products',
    'view providers',
    'view stock',
    'view profile',
    'manage products',
    'manage providers',
    'manage stock',
  ],
};

/** A CASL-style rule as the client stores it under userAbilities. */
export interface TAbilityRule {
  action: string;
  subject: string;
}

/**
 * SPEC 6: default when nothing is stored is read on Auth. Each permission 'verb subject' becomes
 * the rule {action: verb === 'view' ? 'read' : verb, subject}, so the sidebar's action/subject check
 * and the 'view {slug}' check agree by construction.
 */
export function abilitiesFromPermissions(permissions: readonly string[]): TAbilityRule[] {
  const rules: TAbilityRule[] = [{ action: 'read', subject: 'Auth' }];
  for (const permission of permissions) {
    const space = permission.indexOf(' ');
    if (space < 1) continue;
    const verb = permission.slice(0, space);
    const subject = permission.slice(space + 1);
    rules.push({ action: verb === 'view' ? 'read' : verb, subject });
  }
  return rules;
}

/** What a route requires: a permission, any signed-in user, or nobody (public). */
export type TRouteAccess = TPermission | 'authenticated' | 'public' | 'central';
