import {
  INVITATION_HOURS,
  m,
  OWNER_ROLE,
  type TCreateUserRequest,
  type TInvitationAnswer,
  type TTeamUser,
  type TUpdateUserRequest,
} from '@cod/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.js';
import { withSystem, withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { withTenantEvents, type TEventSink } from '../../lib/domain-events.js';
import { hashPassword, newOpaqueToken } from '../../lib/secrets.js';
import { auditingRefusals, recordAudit } from '../audit/audit.service.js';
import { endAllSessions } from '../auth/end-sessions.js';
import { sendMail } from '../mail/mail.service.js';
import { assignAgent } from '../orders/assign-agent.js';
import { scopeOf } from '../orders/order-access.js';
import { assertMayActOn, assertMayGrant, findRoleInTx } from '../roles/roles.service.js';
import { assertBelowPlanLimit } from '../subscriptions/plan-limits.js';
import { passwordLinkMail, type TLinkPurpose } from './password-link-mail.js';
import * as repo from './users.repository.js';

/** What the users routes hand over: the database, and for the set-password mails the address and log. */
export interface TUserDeps extends TAppDeps {
  appUrl: string;
  log: FastifyBaseLogger;
}

const HOUR_MS = 60 * 60 * 1000;
// A reset the owner sends lives as long as an invitation: it is often passed on by WhatsApp.
const LINK_HOURS = INVITATION_HOURS;

/** The users list (agents for filters and assignment). */
export function listUsers(
  deps: TAppDeps,
  tenantId: number,
  query: { search?: string; page: number; per_page: number },
) {
  return withTenant(deps.db, tenantId, (tx) =>
    repo.listUsers(tx, tenantId, { search: query.search, page: query.page, perPage: query.per_page }),
  );
}

export async function getUser(deps: TAppDeps, tenantId: number, id: number) {
  const user = await withTenant(deps.db, tenantId, (tx) => repo.findUser(tx, tenantId, id));
  if (!user) throw AppError.notFound('User');
  return user;
}

async function userOrFail(tx: Tx, tenantId: number, id: number): Promise<TTeamUser> {
  const user = await repo.findUser(tx, tenantId, id);
  if (!user) throw AppError.notFound('User');
  return user;
}

/**
 * The role a user is given: one of the shop's; the Owner role only from an owner; none holding a
 * permission the actor lacks (decision 0139).
 */
async function checkedRole(tx: Tx, actor: TActor, roleId: number, owners: number[]) {
  const role = await findRoleInTx(tx, actor.tenantId, roleId);
  if (!role) throw AppError.validation({ role_id: [m('validation.selected_invalid', { field: 'role' })] });
  if (role.is_owner && !owners.includes(actor.userId)) {
    throw AppError.validation({ role_id: [m('team.owner_role_only_by_owner')] });
  }
  await assertMayGrant(tx, actor, role.permissions);
  return role;
}

/** The user acted on, refused (403) unless the actor contains them (decision 0139). */
async function targetOrFail(tx: Tx, actor: TActor, id: number): Promise<TTeamUser> {
  const user = await userOrFail(tx, actor.tenantId, id);
  await assertMayActOn(tx, actor, id);
  return user;
}

/** A refusal of `action` on user `id` is audited (decision 0139). */
const refusalsAudited = <T>(deps: TAppDeps, actor: TActor, id: number | null, action: string, work: () => Promise<T>) =>
  auditingRefusals(deps.db, auditOf(actor, id), action, work);

const valuesOf = (input: TUpdateUserRequest): repo.TUserValues => ({
  name: input.name,
  phone: input.phone,
  roleId: input.role_id,
  commissionType: input.commission_type,
  // Only the figure of the chosen kind is kept, so the ledger never reads a stale one.
  commissionAmount: input.commission_type === 'fixed' ? input.commission_amount : 0,
  commissionRate: input.commission_type === 'percent' ? input.commission_rate : 0,
  commissionOn: input.commission_on,
});

function linkOf(deps: TUserDeps, token: string, email: string, invite: boolean): string {
  return `${deps.appUrl}/build/resetpassword?token=${token}&email=${encodeURIComponent(email)}${invite ? '&invite=1' : ''}`;
}

/** A fresh set-password link for the user, inside the transaction; the mail goes after COMMIT. */
async function newLink(tx: Tx, deps: TUserDeps, tenantId: number, user: TTeamUser, purpose: 'invite' | 'reset') {
  const { token, hash } = newOpaqueToken();
  const expiresAt = new Date(Date.now() + LINK_HOURS * HOUR_MS);
  await repo.insertSetPasswordLink(tx, { tenantId, userId: user.id, tokenHash: hash, expiresAt, purpose });
  // The mail goes in the recipient's own language, read here while the transaction is open.
  const locale = await repo.localeOf(tx, tenantId, user.id);
  return { link: linkOf(deps, token, user.email, purpose === 'invite'), expiresAt, locale };
}

type TLink = Awaited<ReturnType<typeof newLink>>;

async function mailLink(deps: TUserDeps, tenantId: number, user: TTeamUser, link: TLink, purpose: TLinkPurpose) {
  await sendMail(deps.db, deps.log, {
    tenantId,
    to: user.email,
    ...passwordLinkMail(link.locale, purpose, { name: user.name, link: link.link, hours: LINK_HOURS }),
  });
}

/**
 * Issue 18.1: a user made with a password, or invited (no password: a one-use set-password link
 * by e-mail, 72 hours, also answered so the owner can copy it for WhatsApp).
 */
export async function createUser(
  deps: TUserDeps,
  actor: TActor,
  input: TCreateUserRequest,
): Promise<TInvitationAnswer> {
  if (await withSystem(deps.db, (tx) => repo.emailTaken(tx, input.email))) {
    throw AppError.validation({ email: [m('team.email_taken')] });
  }
  const passwordHash = input.password ? await hashPassword(input.password) : '';
  const invite = !input.password;
  const answer = await refusalsAudited(deps, actor, null, 'create_user', () =>
    withTenant(deps.db, actor.tenantId, async (tx) => {
      // One more user than the plan allows is refused (402, issue 19.7), invitations included.
      await assertBelowPlanLimit(tx, actor.tenantId, 'users');
      const owners = await repo.lockActiveOwners(tx, actor.tenantId);
      await checkedRole(tx, actor, input.role_id, owners);
      const id = await repo.insertUser(tx, {
        tenantId: actor.tenantId,
        email: input.email,
        passwordHash,
        // A new team member starts in the language of whoever added them (docs/decisions/0122).
        locale: await repo.localeOf(tx, actor.tenantId, actor.userId),
        ...valuesOf(input),
      });
      const user = await userOrFail(tx, actor.tenantId, id);
      const link = invite ? await newLink(tx, deps, actor.tenantId, user, 'invite') : null;
      await recordAudit(tx, {
        ...auditOf(actor, id),
        action: invite ? 'invite_user' : 'create_user',
        changes: { after: user },
      });
      return { user, link };
    }),
  ).catch((error: unknown) => {
    // The same e-mail created by someone else a moment ago (users_email_idx).
    if ((error as { code?: string }).code === '23505') throw AppError.validation({ email: [m('team.email_taken')] });
    throw error;
  });
  if (answer.link) await mailLink(deps, actor.tenantId, answer.user, answer.link, 'invite');
  return {
    user: answer.user,
    link: answer.link?.link ?? null,
    expires_at: answer.link?.expiresAt.toISOString() ?? null,
  };
}

/** Name, phone, role and commission. The last active owner keeps the Owner role. */
export function updateUser(deps: TAppDeps, actor: TActor, id: number, input: TUpdateUserRequest) {
  return refusalsAudited(deps, actor, id, 'update_user', () => updateUserWork(deps, actor, id, input));
}

function updateUserWork(deps: TAppDeps, actor: TActor, id: number, input: TUpdateUserRequest) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const owners = await repo.lockActiveOwners(tx, actor.tenantId);
    const before = await targetOrFail(tx, actor, id);
    // Nobody raises (or lowers) their own role: another user holding at least as much does it.
    if (id === actor.userId && input.role_id !== before.role_id) {
      throw new AppError('forbidden', m('team.own_role_locked'));
    }
    const role = await checkedRole(tx, actor, input.role_id, owners);
    if (before.role === OWNER_ROLE && !role.is_owner) {
      if (!owners.includes(actor.userId)) throw AppError.validation({ role_id: [m('team.owner_role_only_by_owner')] });
      if (before.active && owners.filter((o) => o !== id).length === 0) {
        throw AppError.validation({ role_id: [m('team.last_owner')] });
      }
    }
    await repo.updateUser(tx, actor.tenantId, id, valuesOf(input));
    const after = await userOrFail(tx, actor.tenantId, id);
    await recordAudit(tx, { ...auditOf(actor, id), action: 'update_user', changes: { before, after } });
    return after;
  });
}

/** Issue 7 / 18.1: its transaction publishes the sign-out of the user's live sockets after COMMIT. */
export function deactivateUser(deps: TAppDeps, actor: TActor, id: number, options: { reassign_to: number | null }) {
  return refusalsAudited(deps, actor, id, 'deactivate_user', () =>
    withTenantEvents(deps.db, actor.tenantId, (tx, events) => deactivateUserInTx(tx, events, actor, id, options)),
  );
}

export function activateUser(deps: TAppDeps, actor: TActor, id: number) {
  return refusalsAudited(deps, actor, id, 'activate_user', () =>
    withTenant(deps.db, actor.tenantId, (tx) => activateUserInTx(tx, actor, id)),
  );
}

/**
 * A deactivated user cannot sign in, and is signed out everywhere at once: their tokens are
 * revoked (so reactivating them revives none) and their live sockets closed after COMMIT. Their
 * open orders go to the user the owner chose, or stay assigned (nothing is unassigned silently).
 */
async function deactivateUserInTx(
  tx: Tx,
  events: TEventSink,
  actor: TActor,
  id: number,
  options: { reassign_to: number | null },
) {
  // The one who deactivates must keep a way in.
  if (id === actor.userId) throw AppError.validation({ id: [m('user.cannot_deactivate_self')] });
  const owners = await repo.lockActiveOwners(tx, actor.tenantId);
  const before = await targetOrFail(tx, actor, id);
  if (owners.includes(id) && owners.length === 1) throw AppError.validation({ id: [m('team.last_owner')] });
  let moved: number[] = [];
  if (options.reassign_to !== null) {
    if (options.reassign_to === id) throw AppError.validation({ reassign_to: [m('team.reassign_agent_invalid')] });
    moved = await repo.openOrderIdsOf(tx, actor.tenantId, id);
    if (moved.length > 0) {
      const scope = await scopeOf(tx, { ...actor, timeZone: 'Africa/Algiers', seesAll: true });
      await assignAgent(
        tx,
        events,
        { ...scope, productIds: 'all' },
        { agent_id: options.reassign_to, order_ids: moved },
      ).catch((error: unknown) => {
        if (error instanceof AppError && error.errors?.agent_id) {
          throw AppError.validation({ reassign_to: [m('team.reassign_agent_invalid')] });
        }
        throw error;
      });
    }
  }
  await repo.setUserActive(tx, actor.tenantId, id, false);
  await endAllSessions(tx, events, { tenantId: actor.tenantId, userId: id, reason: 'deactivated' });
  await recordAudit(tx, {
    ...auditOf(actor, id),
    action: 'deactivate_user',
    changes: { before: { active: before.active }, reassigned_to: options.reassign_to, orders_reassigned: moved.length },
  });
  return { ...(await userOrFail(tx, actor.tenantId, id)), orders_reassigned: moved.length };
}

/** The user may sign in again; the sessions ended at deactivation stay ended. */
async function activateUserInTx(tx: Tx, actor: TActor, id: number) {
  const user = await targetOrFail(tx, actor, id);
  // A reactivated user counts against the plan as a new one would.
  if (!user.active) await assertBelowPlanLimit(tx, actor.tenantId, 'users');
  if (!(await repo.setUserActive(tx, actor.tenantId, id, true))) throw AppError.notFound('User');
  await recordAudit(tx, { ...auditOf(actor, id), action: 'activate_user' });
  return userOrFail(tx, actor.tenantId, id);
}

/** A new invitation link for a user who has not chosen a password yet; the earlier link stops working. */
export async function resendInvitation(deps: TUserDeps, actor: TActor, id: number): Promise<TInvitationAnswer> {
  const answer = await refusalsAudited(deps, actor, id, 'resend_invitation', () =>
    resendInvitationWork(deps, actor, id),
  );
  await mailLink(deps, actor.tenantId, answer.user, answer.link, 'invite');
  return { user: answer.user, link: answer.link.link, expires_at: answer.link.expiresAt.toISOString() };
}

function resendInvitationWork(deps: TUserDeps, actor: TActor, id: number) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const user = await targetOrFail(tx, actor, id);
    if (!user.invitation_pending) throw AppError.validation({ id: [m('team.invitation_not_pending')] });
    const link = await newLink(tx, deps, actor.tenantId, user, 'invite');
    await recordAudit(tx, { ...auditOf(actor, id), action: 'resend_invitation' });
    return { user, link };
  });
}

/**
 * Reset a password: with a new password the owner sets it at once (and the user is signed out
 * everywhere); without, the user gets a one-use link by e-mail (also answered, to copy).
 */
export async function resetUserPassword(
  deps: TUserDeps,
  actor: TActor,
  id: number,
  password: string | undefined,
): Promise<TInvitationAnswer> {
  // A reset ends the user's sessions, the actor's own included: one's own password changes on the
  // profile page (current password required, this session kept).
  if (id === actor.userId) throw AppError.validation({ id: [m('team.own_password_on_profile')] });
  return refusalsAudited(deps, actor, id, password ? 'set_password' : 'send_password_link', () =>
    resetUserPasswordWork(deps, actor, id, password),
  );
}

async function resetUserPasswordWork(
  deps: TUserDeps,
  actor: TActor,
  id: number,
  password: string | undefined,
): Promise<TInvitationAnswer> {
  if (password) {
    const hash = await hashPassword(password);
    const user = await withTenantEvents(deps.db, actor.tenantId, async (tx, events) => {
      await targetOrFail(tx, actor, id);
      await repo.setPasswordHash(tx, actor.tenantId, id, hash);
      await endAllSessions(tx, events, { tenantId: actor.tenantId, userId: id, reason: 'password_reset' });
      await recordAudit(tx, { ...auditOf(actor, id), action: 'set_password' });
      return userOrFail(tx, actor.tenantId, id);
    });
    return { user, link: null, expires_at: null };
  }
  const answer = await withTenant(deps.db, actor.tenantId, async (tx) => {
    const user = await targetOrFail(tx, actor, id);
    const purpose = user.invitation_pending ? 'invite' : 'reset';
    const link = await newLink(tx, deps, actor.tenantId, user, purpose);
    await recordAudit(tx, { ...auditOf(actor, id), action: 'send_password_link' });
    return { user, link, purpose } as const;
  });
  await mailLink(deps, actor.tenantId, answer.user, answer.link, answer.purpose);
  return { user: answer.user, link: answer.link.link, expires_at: answer.link.expiresAt.toISOString() };
}

const auditOf = (actor: TActor, id: number | null) => ({
  tenantId: actor.tenantId,
  userId: actor.userId,
  entity: 'user',
  entityId: id,
  ip: actor.ip,
});
