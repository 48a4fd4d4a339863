import type { TLockHolder } from '../db/data-dir-lock.js';
import { readLocalAdmin } from '../http/local-admin.js';

export type TThroughServer =
  | { ok: true; created: { tenant: { id: number; cqName: string }; ownerId: number } }
  | { ok: false; errors: Record<string, string[]>; reason?: undefined }
  | { ok: false; reason: string; errors?: undefined };

/**
 * Decision 0145: the server that holds the embedded database creates the shop in its own process,
 * asked on its loopback listener with the token it left in the data folder.
 */
export async function createTenantThroughServer(
  dataDir: string,
  holder: TLockHolder,
  request: Record<string, string | undefined>,
): Promise<TThroughServer> {
  const address = readLocalAdmin(dataDir);
  if (!address || address.pid !== holder.pid) {
    return { ok: false, reason: 'it has not opened its local admin endpoint: still starting, or an older version' };
  }
  // The token goes to this machine's loopback only, whatever the file says.
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(address.url)) {
    return { ok: false, reason: `its local admin address ${address.url} is not on 127.0.0.1` };
  }
  let response: Response;
  try {
    response = await fetch(`${address.url}/tenants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${address.token}` },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(60_000),
    });
  } catch (error) {
    return { ok: false, reason: `no answer at ${address.url}: ${(error as Error).message}` };
  }
  const body = (await response.json().catch(() => ({}))) as {
    tenant?: { id: number; cqName: string };
    ownerId?: number;
    message?: string;
    errors?: Record<string, string[]>;
  };
  if (response.status === 201 && body.tenant && body.ownerId !== undefined) {
    return { ok: true, created: { tenant: body.tenant, ownerId: body.ownerId } };
  }
  if (response.status === 422 && body.errors) return { ok: false, errors: body.errors };
  return { ok: false, reason: `it answered ${response.status}${body.message ? `: ${body.message}` : ''}` };
}
