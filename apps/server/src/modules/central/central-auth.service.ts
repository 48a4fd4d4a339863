import { ZLoginRequest } from '@cod/shared';
import type { Db } from '../../db/client.js';
import { withSystem } from '../../db/tenant-context.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { newOpaqueToken, sha256, verifyPassword } from '../../lib/secrets.js';
import { parse } from '../../lib/validate.js';
import { INVALID_CREDENTIALS } from '../auth/auth.service.js';
import { accountOf, recordLoginSuccess, reserveLoginAttempt } from '../auth/login-throttle.js';
import * as repo from './central-auth.repository.js';

/** ARCHITECTURE 3.3: central administrators are a separate realm with their own tokens. */
export interface TCentralSession {
  tokenId: number;
  id: number;
  name: string;
  email: string;
}

const CENTRAL_TOKEN_HOURS = 12;

/** The shop sign-in's limits (docs/decisions/0038) on the central realm's own account counters. */
export async function centralLogin({ db }: TAppDeps, input: unknown, ip: string) {
  const { email, password } = parse(ZLoginRequest, input);
  const account = accountOf('central', email);
  await reserveLoginAttempt(db, account, ip);
  const admin = await withSystem(db, (tx) => repo.findAdminByEmail(tx, email));
  if (!(await verifyPassword(admin?.passwordHash ?? null, password)) || !admin) {
    throw AppError.validation({ email: [INVALID_CREDENTIALS] });
  }
  await recordLoginSuccess(db, account, ip);
  const { token, hash } = newOpaqueToken();
  await withSystem(db, (tx) =>
    repo.insertAdminToken(tx, {
      adminId: admin.id,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + CENTRAL_TOKEN_HOURS * 60 * 60 * 1000),
    }),
  );
  return { accessToken: token, adminData: { id: admin.id, name: admin.name, email: admin.email } };
}

export async function centralAuthenticate(db: Db, token: string): Promise<TCentralSession | null> {
  if (!token || token.length > 200) return null;
  return (await withSystem(db, (tx) => repo.findAdminSession(tx, sha256(token)))) ?? null;
}

export async function centralLogout({ db }: TAppDeps, session: TCentralSession): Promise<void> {
  await withSystem(db, (tx) => repo.revokeAdminToken(tx, session.tokenId));
}
