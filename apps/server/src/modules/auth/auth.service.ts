import {
  abilitiesFromPermissions,
  m,
  ZForgotPasswordRequest,
  ZLocaleRequest,
  ZLoginRequest,
  ZResetPasswordRequest,
  type TLoginResponse,
} from '@cod/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { withSystem, withTenant } from '../../db/tenant-context.js';
import { AppError } from '../../lib/app-error.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { messageBody } from '../../lib/message-body.js';
import { hashPassword, newOpaqueToken, sha256, verifyPassword } from '../../lib/secrets.js';
import { parse } from '../../lib/validate.js';
import { recordAudit } from '../audit/audit.service.js';
import { sendMail } from '../mail/mail.service.js';
import * as repo from './auth.repository.js';
import { accountOf, recordLoginSuccess, reserveLoginAttempt, reserveResetMail } from './login-throttle.js';
import { endAllSessions } from './end-sessions.js';
import { toSession, toUserData, type TSession } from './session.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const RESET_TOKEN_MINUTES = 60;
// The last-used stamp is written at most once a minute per token, not on every request.
const TOUCH_EVERY_MS = 60 * 1000;

export interface TAuthDeps {
  db: Db;
  config: TConfig;
  log: FastifyBaseLogger;
}

export const INVALID_CREDENTIALS = m('auth.failed');

export async function login(
  deps: TAuthDeps,
  input: unknown,
  client: { ip: string; userAgent: string | null },
): Promise<TLoginResponse> {
  const { email, password } = parse(ZLoginRequest, input);
  const account = accountOf('shop', email);
  // Counted (and committed) before the password is verified: a refused attempt never runs argon2.
  await reserveLoginAttempt(deps.db, account, client.ip);
  const user = await withSystem(deps.db, (tx) => repo.findLoginUser(tx, email));
  const ok = await verifyPassword(user?.password_hash ?? null, password);
  if (!user || !ok || !user.active) throw AppError.validation({ email: [INVALID_CREDENTIALS] });
  await recordLoginSuccess(deps.db, account, client.ip);

  const { token, hash } = newOpaqueToken();
  await withTenant(deps.db, user.tenant_id, async (tx) => {
    await repo.insertToken(tx, {
      tenantId: user.tenant_id,
      userId: user.user_id,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + deps.config.TOKEN_MAX_DAYS * DAY_MS),
      ip: client.ip,
      userAgent: client.userAgent,
    });
    await repo.markLoggedIn(tx, user.tenant_id, user.user_id);
  });
  const userData = toUserData(user);
  return { accessToken: token, userData, userAbilities: abilitiesFromPermissions(userData.permissions) };
}

/** The session behind a bearer token, or null when missing, expired, idle too long or revoked. */
export async function authenticate(deps: TAuthDeps, token: string): Promise<TSession | null> {
  if (!token || token.length > 200) return null;
  // Outside any transaction: a begin and a commit around one select were two more round trips on
  // every signed-in request (docs/decisions/0128). It runs as the owner role, as withSystem would.
  const row = await repo.findSession(deps.db, sha256(token), deps.config.TOKEN_IDLE_DAYS);
  if (!row) return null;
  if (Date.now() - new Date(row.last_used_at).getTime() > TOUCH_EVERY_MS) {
    await withTenant(deps.db, row.tenant_id, (tx) => repo.touchToken(tx, row.tenant_id, row.token_id));
  }
  return toSession(row);
}

export async function logout(deps: TAuthDeps, session: TSession): Promise<void> {
  await withTenant(deps.db, session.tenantId, (tx) => repo.revokeToken(tx, session.tenantId, session.tokenId));
}

export async function setLocale(deps: TAuthDeps, session: TSession, input: unknown) {
  const { locale } = parse(ZLocaleRequest, input);
  await withTenant(deps.db, session.tenantId, (tx) => repo.setLocale(tx, session.tenantId, session.userId, locale));
  return { locale };
}

export const FORGOT_PASSWORD_MESSAGE =
  'If that e-mail belongs to an account, we have sent a password reset link to it.';

/**
 * Always answers the same message, so the form never reveals which e-mails have accounts, nor
 * whether a mail went out: past the reset-mail limits (docs/decisions/0038) none does.
 */
export async function forgotPassword(deps: TAuthDeps, input: unknown, client: { ip: string }) {
  const { email } = parse(ZForgotPasswordRequest, input);
  if (!(await reserveResetMail(deps.db, accountOf('shop', email), client.ip))) {
    deps.log.info({ ip: client.ip }, 'password reset: mail limit reached, nothing sent');
    return { message: FORGOT_PASSWORD_MESSAGE };
  }
  const user = await withSystem(deps.db, (tx) => repo.findLoginUser(tx, email));
  if (user?.active) {
    const { token, hash } = newOpaqueToken();
    await withTenant(deps.db, user.tenant_id, (tx) =>
      repo.insertPasswordReset(tx, {
        tenantId: user.tenant_id,
        userId: user.user_id,
        tokenHash: hash,
        expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60 * 1000),
      }),
    );
    const link = `${deps.config.appUrl}/build/resetpassword?token=${token}&email=${encodeURIComponent(user.email)}`;
    await sendMail(deps.db, deps.log, {
      tenantId: user.tenant_id,
      to: user.email,
      subject: 'Reset your password',
      body: `Hello ${user.name},\n\nOpen this link within ${RESET_TOKEN_MINUTES} minutes to choose a new password:\n${link}\n\nIf you did not ask for it, ignore this e-mail.`,
    });
  }
  return { message: FORGOT_PASSWORD_MESSAGE };
}

export async function resetPassword(deps: TAuthDeps, input: unknown) {
  const request = parse(ZResetPasswordRequest, input);
  const reset = await withSystem(deps.db, (tx) => repo.findPasswordReset(tx, sha256(request.token), request.email));
  if (!reset) throw AppError.validation({ email: [m('auth.reset_link_invalid')] });
  const passwordHash = await hashPassword(request.password);
  await withTenantEvents(deps.db, reset.tenant_id, async (tx, events) => {
    await repo.consumePasswordReset(tx, reset.tenant_id, reset.user_id, passwordHash);
    // A new password signs every device out.
    await endAllSessions(tx, events, { tenantId: reset.tenant_id, userId: reset.user_id, reason: 'password_reset' });
    await recordAudit(tx, {
      tenantId: reset.tenant_id,
      userId: reset.user_id,
      action: 'reset_password',
      entity: 'user',
      entityId: reset.user_id,
    });
  });
  return messageBody(m('auth.password_reset'));
}
