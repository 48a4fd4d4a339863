import { ALL_PERMISSIONS } from '../permissions.js';

/**
 * What one team member holds, as the containment rules read it (docs/decisions/0139): whether they
 * are an owner, and their permissions (an owner holds the whole list, whatever its rows say).
 */
export interface TAuthority {
  isOwner: boolean;
  permissions: readonly string[];
}

export const authorityOf = (isOwner: boolean, permissions: readonly string[]): TAuthority => ({
  isOwner,
  permissions: isOwner ? ALL_PERMISSIONS : permissions,
});

/** The permissions of `wanted` that `actor` does not hold, in the order asked: what they may not grant. */
export function permissionsBeyond(actor: TAuthority, wanted: readonly string[]): string[] {
  if (actor.isOwner) return [];
  const held = new Set(actor.permissions);
  return [...new Set(wanted)].filter((permission) => !held.has(permission));
}

export type TActOnRefusal = 'team.only_owner_acts_on_owner' | 'team.target_outranks_actor';

/**
 * Whether `actor` may act on `target`'s account (reset or set a password, edit, deactivate, sign
 * out, change the role or the product scope): only an owner acts on an owner, and the actor must
 * hold every permission the target holds. Answers the refusal's message code, or null.
 */
export function actOnRefusal(actor: TAuthority, target: TAuthority): TActOnRefusal | null {
  if (target.isOwner && !actor.isOwner) return 'team.only_owner_acts_on_owner';
  return permissionsBeyond(actor, target.permissions).length > 0 ? 'team.target_outranks_actor' : null;
}
