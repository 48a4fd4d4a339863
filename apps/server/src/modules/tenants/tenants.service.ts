import { INVITATION_HOURS, isReservedShopName, m, ZCreateTenantRequest, type TCreateTenantRequest } from '@cod/shared';
import type { Db, Tx } from '../../db/client.js';
import { withSystem } from '../../db/tenant-context.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword, newOpaqueToken } from '../../lib/secrets.js';
import { parse } from '../../lib/validate.js';
import { recordAudit } from '../audit/audit.service.js';
import { actAsNewTenant, actAsSystemAgain } from './tenant-session.repository.js';
import * as repo from './tenants.repository.js';

export const TRIAL_PLAN = 'Trial';

/**
 * Creates a shop with its owner in one transaction: tenant, Trial subscription, permission
 * catalogue, default roles and statuses, owner user. Used by the operator CLI, the demo seed and
 * (later) central registration, so all three follow the same rules.
 */
export async function createTenant(db: Db, input: unknown) {
  const request: TCreateTenantRequest = parse(ZCreateTenantRequest, input);
  const passwordHash = await hashPassword(request.owner_password);
  return withSystem(db, (tx) => createTenantIn(tx, request, passwordHash));
}

/**
 * The same creation inside the caller's transaction (the waiting list's approval, decision 0097).
 * An empty password hash makes the owner an invited user: no password until the set-password link.
 */
export async function createTenantIn(
  tx: Tx,
  request: Omit<TCreateTenantRequest, 'owner_password'>,
  passwordHash: string,
  options: { locale?: 'en' | 'fr' | 'ar' } = {},
) {
  const errors: Record<string, string[]> = {};
  // Every road that creates a shop passes here: a name the platform keeps is refused (decision 0143).
  if (isReservedShopName(request.cq_name)) {
    errors.cq_name = [m('tenant.name_reserved')];
  } else if (await repo.findTenantByCqName(tx, request.cq_name)) {
    errors.cq_name = [m('tenant.name_taken')];
  }
  if (await repo.emailTaken(tx, request.owner_email)) {
    errors.owner_email = [m('tenant.email_taken')];
  }
  if (!isTimeZone(request.time_zone)) errors.time_zone = [m('tenant.time_zone_invalid')];
  if (Object.keys(errors).length) throw AppError.validation(errors);

  const tenant = await repo.insertTenant(tx, {
    cqName: request.cq_name,
    name: request.name ?? request.cq_name,
    timeZone: request.time_zone,
  });
  const trial = await repo.findPlanByName(tx, TRIAL_PLAN);
  if (trial) {
    const validTo = new Date(Date.now() + trial.durationDays * 24 * 60 * 60 * 1000);
    await repo.insertSubscription(tx, { tenantId: tenant.id, planId: trial.id, validTo, status: 'trialing' });
  }
  // From here on the rows belong to the new tenant: write them through its RLS policy.
  await actAsNewTenant(tx, tenant.id);
  const roleIds = await repo.seedTenantDefaults(tx, tenant.id);
  const owner = await repo.insertUser(tx, {
    tenantId: tenant.id,
    name: request.owner_name ?? 'Owner',
    email: request.owner_email,
    passwordHash,
    roleId: roleIds.get('Owner')!,
    isAdmin: true,
    ...(options.locale ? { locale: options.locale } : {}),
  });
  await recordAudit(tx, {
    tenantId: tenant.id,
    userId: null,
    action: 'create',
    entity: 'tenant',
    entityId: tenant.id,
    changes: { cq_name: tenant.cqName, owner_email: request.owner_email },
  });
  await actAsSystemAgain(tx);
  return { tenant, ownerId: owner.id, roleIds };
}

/**
 * A free shop identifier from a shop name: the name's slug, then -2, -3... A reserved slug (a
 * sign-up that joined the waiting list before names were reserved) counts as taken.
 */
export async function freeCqNameIn(tx: Tx, base: string): Promise<string> {
  for (let n = 1; n < 1000; n += 1) {
    const candidate = n === 1 ? base : `${base.slice(0, 36)}-${n}`;
    if (!isReservedShopName(candidate) && !(await repo.cqNameTaken(tx, candidate))) return candidate;
  }
  return `${base.slice(0, 30)}-${Date.now().toString(36)}`;
}

/** The invited owner's set-password link (72 hours, one use), written in the caller's transaction. */
export async function ownerInvitationIn(
  tx: Tx,
  values: { tenantId: number; userId: number; email: string; appUrl: string },
): Promise<string> {
  const { token, hash } = newOpaqueToken();
  const expiresAt = new Date(Date.now() + INVITATION_HOURS * 60 * 60 * 1000);
  await actAsNewTenant(tx, values.tenantId);
  await repo.insertInvitationLink(tx, { tenantId: values.tenantId, userId: values.userId, tokenHash: hash, expiresAt });
  await actAsSystemAgain(tx);
  return `${values.appUrl}/build/resetpassword?token=${token}&email=${encodeURIComponent(values.email)}&invite=1`;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A shop's latest subscription (central rows, read by the tenant id of the verified session), for
 * the page props: other modules read it here, never from the repository (docs/decisions/0044).
 */
export function latestSubscriptionOf(db: Db, tenantId: number) {
  return withSystem(db, (tx) => repo.latestSubscription(tx, tenantId));
}
