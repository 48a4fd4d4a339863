import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { centralAdmins, centralAuthTokens } from '../../db/schema/index.js';

export async function findAdminByEmail(tx: Tx, email: string) {
  const [row] = await tx
    .select()
    .from(centralAdmins)
    .where(sql`lower(${centralAdmins.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function insertAdminToken(tx: Tx, values: { adminId: number; tokenHash: string; expiresAt: Date }) {
  await tx.insert(centralAuthTokens).values(values);
}

export async function findAdminSession(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select({
      tokenId: centralAuthTokens.id,
      id: centralAdmins.id,
      name: centralAdmins.name,
      email: centralAdmins.email,
    })
    .from(centralAuthTokens)
    .innerJoin(centralAdmins, eq(centralAdmins.id, centralAuthTokens.adminId))
    .where(
      and(
        eq(centralAuthTokens.tokenHash, tokenHash),
        isNull(centralAuthTokens.revokedAt),
        gt(centralAuthTokens.expiresAt, new Date()),
      ),
    );
  return row;
}

export async function revokeAdminToken(tx: Tx, tokenId: number) {
  await tx.update(centralAuthTokens).set({ revokedAt: new Date() }).where(eq(centralAuthTokens.id, tokenId));
}
