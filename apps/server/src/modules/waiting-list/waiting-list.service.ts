import { cqNameFrom, INVITATION_HOURS, m, WAITING_STATUSES, ZRejectInput, type TWaitingEntry } from '@cod/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.js';
import { withSystem } from '../../db/tenant-context.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { messageBody } from '../../lib/message-body.js';
import { parse } from '../../lib/validate.js';
import { recordCentralAudit, recordPlatformAudit } from '../central/central-admin.service.js';
import type { TCentralSession } from '../central/central-auth.service.js';
import { createTenantIn, freeCqNameIn, ownerInvitationIn } from '../tenants/tenants.service.js';
import { shopReadyMail } from './shop-ready-mail.js';
import * as repo from './waiting-list.repository.js';

/** The waiting list's and the sign-up's deps: the mails' links need the public address. */
export interface TSignupDeps extends TAppDeps {
  appUrl: string;
  log: FastifyBaseLogger;
}

export function listWaiting({ db }: TAppDeps, query: { status?: unknown }) {
  const status =
    typeof query.status === 'string' && (WAITING_STATUSES as readonly string[]).includes(query.status)
      ? query.status
      : null;
  return withSystem(db, async (tx) => ({ data: await repo.listWaiting(tx, status) }));
}

export function countPendingIn(tx: Tx): Promise<number> {
  return repo.countPending(tx);
}

/**
 * Creates the signed-up shop on the Trial with its owner invited (no password: a one-use
 * set-password link mailed through the outbox), in the caller's transaction (decision 0097).
 */
export async function createShopFromSignupIn(
  tx: Tx,
  deps: TSignupDeps,
  entry: Pick<TWaitingEntry, 'id' | 'shop_name' | 'owner_name' | 'email' | 'locale'>,
  adminId: number | null,
) {
  const cqName = await freeCqNameIn(tx, cqNameFrom(entry.shop_name));
  const locale = entry.locale === 'fr' || entry.locale === 'ar' ? entry.locale : 'en';
  const { tenant, ownerId } = await createTenantIn(
    tx,
    {
      cq_name: cqName,
      name: entry.shop_name,
      owner_email: entry.email,
      owner_name: entry.owner_name,
      time_zone: 'Africa/Algiers',
    },
    '',
    { locale },
  ).catch((error: unknown) => {
    // The e-mail got an account since the sign-up (a shop made by hand): say so on the entry.
    if (error instanceof AppError && error.errors?.owner_email) {
      throw AppError.validation({ email: [m('register.email_taken')] });
    }
    throw error;
  });
  const link = await ownerInvitationIn(tx, {
    tenantId: tenant.id,
    userId: ownerId,
    email: entry.email,
    appUrl: deps.appUrl,
  });
  await repo.insertOutboxMail(tx, {
    tenantId: tenant.id,
    to: entry.email,
    ...shopReadyMail(locale, {
      owner: entry.owner_name,
      shop: entry.shop_name,
      cqName: tenant.cqName,
      link,
      loginUrl: `${deps.appUrl}/build/login`,
      hours: INVITATION_HOURS,
    }),
  });
  await repo.markApproved(tx, entry.id, tenant.id, adminId);
  return { tenant, ownerId, link };
}

/** Approves a pending sign-up: exactly one tenant, however many times it is clicked. */
export async function approveWaiting(deps: TSignupDeps, admin: TCentralSession, id: number) {
  const created = await withSystem(deps.db, async (tx) => {
    const entry = await repo.findWaiting(tx, id, { lock: true });
    if (!entry) throw new AppError('not_found', m('waiting.not_found'));
    if (entry.status !== 'pending') throw new AppError('conflict', m('waiting.already_decided'));
    const result = await createShopFromSignupIn(tx, deps, entry, admin.id);
    await recordCentralAudit(tx, {
      adminId: admin.id,
      tenantId: result.tenant.id,
      action: 'approve_signup',
      entity: 'waiting_list',
      entityId: id,
      before: { status: 'pending' },
      after: { status: 'approved', cq_name: result.tenant.cqName, owner_email: entry.email },
    });
    return result;
  });
  deps.log.info({ waitingId: id, tenantId: created.tenant.id }, 'waiting list: sign-up approved');
  return {
    ...messageBody(m('waiting.approved')),
    // The link is answered too, so the administrator can pass it on by WhatsApp (like a team invitation).
    data: { tenant_id: created.tenant.id, cq_name: created.tenant.cqName, link: created.link },
  };
}

export async function rejectWaiting({ db }: TAppDeps, admin: TCentralSession, id: number, input: unknown) {
  const { reason } = parse(ZRejectInput, input);
  await withSystem(db, async (tx) => {
    const entry = await repo.findWaiting(tx, id, { lock: true });
    if (!entry) throw new AppError('not_found', m('waiting.not_found'));
    if (entry.status !== 'pending') throw new AppError('conflict', m('waiting.already_decided'));
    await repo.markRejected(tx, id, reason, admin.id);
    await recordPlatformAudit(tx, admin, {
      action: 'reject_signup',
      entity: 'waiting_list',
      entityId: id,
      before: { status: 'pending' },
      after: { status: 'rejected', reason },
    });
  });
  return messageBody(m('waiting.rejected'));
}

/**
 * The duplicate checks of a sign-up: per-field messages (an e-mail or a phone already signed up).
 * A central administrator's e-mail never owns a shop: one address, one realm (decision 0143).
 */
export async function signupDuplicatesIn(tx: Tx, email: string, phone: string): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  if (await repo.isCentralAdminEmail(tx, email)) errors.email = [m('register.email_reserved')];
  else if (await repo.emailSignedUp(tx, email)) errors.email = [m('register.email_taken')];
  if (await repo.phoneSignedUp(tx, phone)) errors.phone = [m('register.phone_taken')];
  return errors;
}

export function insertWaitingIn(tx: Tx, values: Parameters<typeof repo.insertWaiting>[1]) {
  return repo.insertWaiting(tx, values);
}

export function findWaitingIn(tx: Tx, id: number) {
  return repo.findWaiting(tx, id, { lock: true });
}
