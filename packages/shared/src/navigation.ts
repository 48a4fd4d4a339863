import type { TNavSlug } from './permissions.js';

/** SPEC 2.1 entry fields. Icons are names the web app maps to components. */
export interface TNavLink {
  kind: 'link';
  title: string; // i18n key under nav.*
  icon: string;
  to: string;
  slug: TNavSlug;
  action: string;
  subject: string;
  badgeContent?: string;
  badgeClass?: string;
  disable?: boolean;
  target?: string;
  rel?: string;
}
export interface TNavGroup {
  kind: 'group';
  title: string;
  icon: string;
  slug: TNavSlug;
  action?: string;
  subject?: string;
  to?: string;
  children: TNavLink[];
}
export interface TNavHeading {
  kind: 'heading';
  title: string;
  action?: string;
  subject?: string;
}
export type TNavEntry = TNavLink | TNavGroup | TNavHeading;

const link = (title: string, icon: string, to: string, slug: TNavSlug): TNavLink => ({
  kind: 'link',
  title,
  icon,
  to,
  slug,
  action: 'read',
  subject: slug,
});

/** A group named by its slug (title, icon and subject too), read-guarded; `to` is its own link, if any. */
const group = (slug: TNavSlug, children: TNavLink[], to?: string): TNavGroup => ({
  kind: 'group',
  title: slug,
  icon: slug,
  slug,
  action: 'read',
  subject: slug,
  ...(to === undefined ? {} : { to }),
  children,
});

/** SPEC 2.2, in order. The analytics entry shares the 'orders' slug, as the spec says. */
export const NAVIGATION: TNavEntry[] = [
  link('home', 'home', '/dashboard', 'home'),
  link('orders', 'orders', '/dashboard/orders', 'orders'),
  { ...link('analytics', 'analytics', '/dashboard/analytics', 'orders') },
  group(
    'accounting',
    [
      link('expenses', 'expenses', '/dashboard/expenses', 'expenses'),
      link('income', 'income', '/dashboard/incomes', 'income'),
      link('cases', 'cases', '/dashboard/cases', 'cases'),
    ],
    // SPEC 2.2: the group's own link points at the orders route.
    '/dashboard/orders',
  ),
  link('products', 'products', '/dashboard/products', 'products'),
  link('providers', 'providers', '/dashboard/providers', 'providers'),
  link('stock', 'stock', '/dashboard/stock', 'stock'),
  link('customers', 'customers', '/dashboard/customers', 'customers'),
  link('users', 'users', '/dashboard/users', 'users'),
  link('profile', 'profile', '/dashboard/profile', 'profile'),
  link('sales_channels', 'sales_channels', '/dashboard/sales-channels', 'sales_channels'),
  link('shipping_companies', 'shipping_companies', '/dashboard/shipping-companies', 'shipping_companies'),
  group('system', [
    link('roles_permissions', 'roles_permissions', '/dashboard/roles-permissions', 'roles-permissions'),
    link('statuses', 'statuses', '/dashboard/statuses', 'statuses'),
    link('shop_settings', 'shop_settings', '/dashboard/shop-settings', 'shop-settings'),
    link('audit_log', 'audit_log', '/dashboard/audit-log', 'audit-log'),
  ]),
];

export type TCan = (action: string, subject: string) => boolean;

/** SPEC 2.1: shown when permissions hold 'view {slug}' and the ability allows; 'home' always. */
export function isLinkVisible(entry: TNavLink, permissions: readonly string[], can: TCan): boolean {
  if (entry.slug === 'home') return true;
  return permissions.includes(`view ${entry.slug}`) && can(entry.action, entry.subject);
}

/** SPEC 2.1: a group needs one visible child, and its own action/subject when it has them. */
export function isGroupVisible(group: TNavGroup, permissions: readonly string[], can: TCan): boolean {
  if (group.action && group.subject && !can(group.action, group.subject)) return false;
  return group.children.some((child) => isLinkVisible(child, permissions, can));
}

/** The entries a user sees, groups trimmed to their visible children. */
export function visibleNavigation(
  entries: readonly TNavEntry[],
  permissions: readonly string[],
  can: TCan,
): TNavEntry[] {
  const out: TNavEntry[] = [];
  for (const entry of entries) {
    if (entry.kind === 'link' && isLinkVisible(entry, permissions, can)) out.push(entry);
    if (entry.kind === 'group' && isGroupVisible(entry, permissions, can)) {
      out.push({ ...entry, children: entry.children.filter((c) => isLinkVisible(c, permissions, can)) });
    }
    if (entry.kind === 'heading' && (!entry.action || !entry.subject || can(entry.action, entry.subject))) {
      out.push(entry);
    }
  }
  return out;
}

/**
 * SPEC 2.1: active when the current path (query and trailing slash removed) ends with the
 * lowercased target name. The target name is the last segment of the link's route.
 */
export function isLinkActive(currentPath: string, to: string): boolean {
  const path = currentPath.split('?')[0]!.split('#')[0]!.replace(/\/+$/, '').toLowerCase();
  const target = to.replace(/\/+$/, '').toLowerCase();
  return path.endsWith(target);
}

/** SPEC 2.1: groups open automatically when a child matches the current address. */
export function groupHasActiveChild(group: TNavGroup, currentPath: string): boolean {
  return group.children.some((child) => isLinkActive(currentPath, child.to));
}
