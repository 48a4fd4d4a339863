import { z } from 'zod';
import { m } from '../messages/message.js';
import { NAVIGATION, type TNavLink } from '../navigation.js';
import { ALL_PERMISSIONS, type TRoleName } from '../permissions.js';

/** The four roles every shop starts with; they keep their names (docs/decisions/0057). */
export const BUILT_IN_ROLES: readonly TRoleName[] = ['Owner', 'Manager', 'Support Agent', 'Stock Keeper'];
export const OWNER_ROLE: TRoleName = 'Owner';
export const isBuiltInRole = (name: string): name is TRoleName => (BUILT_IN_ROLES as readonly string[]).includes(name);

export interface TRoleRow {
  id: number;
  name: string;
  built_in: boolean;
  /** The Owner role: every permission, always; not editable. */
  is_owner: boolean;
  users_count: number;
  permissions: string[];
}

/**
 * A permission's subject that is not itself a sidebar slug, mapped to the slug whose area shows it.
 * Append here when a new action names a subject of its own (e.g. 'manage settings').
 */
export const PERMISSION_SUBJECT_SLUGS: Record<string, string> = {
  roles: 'roles-permissions',
  'all orders': 'orders',
  settings: 'shop-settings',
};

export interface TPermissionArea {
  /** The sidebar entry's title key (nav.<key>), or 'other'. */
  key: string;
  permissions: string[];
}

function subjectOf(permission: string): string {
  const subject = permission.slice(permission.indexOf(' ') + 1);
  return PERMISSION_SUBJECT_SLUGS[subject] ?? subject;
}

/**
 * The role screen's matrix (issue 18.2): every permission of the ONE list, under the sidebar area
 * (top-level entry or group) whose slug is its subject; a subject no entry names goes to 'other'.
 * Nothing is dropped: the matrix shows exactly the list the server guards with.
 */
export function permissionMatrix(list: readonly string[] = ALL_PERMISSIONS): TPermissionArea[] {
  const areaOfSlug = new Map<string, string>();
  const order: string[] = [];
  for (const entry of NAVIGATION) {
    if (entry.kind === 'heading') continue;
    const slugs = entry.kind === 'group' ? [entry.slug, ...entry.children.map((c: TNavLink) => c.slug)] : [entry.slug];
    for (const slug of slugs) if (!areaOfSlug.has(slug)) areaOfSlug.set(slug, entry.title);
    if (!order.includes(entry.title) && slugs.some((s) => areaOfSlug.get(s) === entry.title)) order.push(entry.title);
  }
  const areas = new Map<string, string[]>(order.map((key) => [key, []]));
  for (const permission of list) {
    const key = areaOfSlug.get(subjectOf(permission)) ?? 'other';
    if (!areas.has(key)) areas.set(key, []);
    areas.get(key)!.push(permission);
  }
  return [...areas]
    .filter(([, permissions]) => permissions.length > 0)
    .map(([key, permissions]) => ({ key, permissions }));
}

const ZRoleName = z
  .string()
  .trim()
  .min(1, m('validation.required', { field: 'name' }))
  .max(60, m('validation.too_long', { field: 'name', max: 60 }));
const ZPermissionList = z.array(z.string().max(100)).max(500);

export const ZCreateRoleRequest = z.object({
  name: ZRoleName,
  permissions: ZPermissionList.default([]),
  /** Duplicate: start from this role's permissions. */
  copy_from: z.coerce.number().int().positive().optional(),
});
export const ZUpdateRoleRequest = z
  .object({ name: ZRoleName.optional(), permissions: ZPermissionList.optional() })
  .refine((v) => v.name !== undefined || v.permissions !== undefined, {
    path: ['name'],
    message: m('validation.required', { field: 'name' }),
  });
export type TCreateRoleRequest = z.infer<typeof ZCreateRoleRequest>;
export type TUpdateRoleRequest = z.infer<typeof ZUpdateRoleRequest>;
