import type { TPermission } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { withSystem, withTenant } from '../../db/tenant-context.js';
import type { TAppDeps } from '../../http/app-deps.js';
import type { TOrderActor } from '../orders/order-access.js';
import * as links from './download-links.repository.js';
import { ordersPage, type TExportOrder } from './export-orders.repository.js';

export type { TLinkKind, TLinkOwner, TSpentLink } from './download-links.repository.js';

const PAGE = 1000;

/**
 * The selected orders the actor may see (SPEC 6 scoping, as the list), newest first, a page of
 * ids per short transaction: a slow download never holds a transaction open, and memory holds
 * one page whatever the selection.
 */
export async function* exportOrders(
  deps: TAppDeps,
  actor: TOrderActor,
  orderIds: readonly number[],
): AsyncGenerator<TExportOrder> {
  const ids = [...new Set(orderIds)].sort((a, b) => b - a);
  for (let start = 0; start < ids.length; start += PAGE) {
    const page = ids.slice(start, start + PAGE);
    const found = await withTenant(deps.db, actor.tenantId, async (tx) => ordersPage(tx, actor, page));
    yield* found;
  }
}

/** docs/decisions/0034 and 0040: a one-use link to the printed orders list, bound to the session. */
export function createOrdersPdfLink(
  deps: TAppDeps,
  owner: links.TLinkOwner,
  payload: { order_ids: number[]; locale: string },
): Promise<{ key: string; expiresInSeconds: number }> {
  return withTenant(deps.db, owner.tenantId, (tx) => links.createDownloadLink(tx, owner, 'orders-pdf', payload));
}

/**
 * Whether a link would be accepted, without spending it (a HEAD must not use it up). The key is
 * the only credential, looked up before any tenant is known (so in withSystem).
 */
export function isUsableLink(deps: TAppDeps, key: string, kind: links.TLinkKind, permission: TPermission) {
  return withSystem(deps.db, (tx) => links.isUsableDownloadLink(tx, key, kind, permission));
}

/** Spends a one-use link: its owner and payload, or undefined when it is not (or no longer) valid. */
export function spendLink(deps: TAppDeps, key: string, kind: links.TLinkKind, permission: TPermission) {
  return withSystem(deps.db, (tx) => links.spendDownloadLink(tx, key, kind, permission));
}

/**
 * One link per payload inside the caller's transaction (the parcel tickets of the shipping
 * module): other modules make links here, never through the repository (docs/decisions/0044).
 */
export function createDownloadLinks(
  tx: Tx,
  owner: links.TLinkOwner,
  kind: links.TLinkKind,
  payloads: ReadonlyArray<Record<string, unknown>>,
): Promise<{ keys: string[]; expiresInSeconds: number }> {
  return links.createDownloadLinks(tx, owner, kind, payloads);
}

/** The same checks inside the caller's transaction (the shipping module's parcel tickets). */
export function isUsableDownloadLink(tx: Tx, key: string, kind: links.TLinkKind, permission: TPermission) {
  return links.isUsableDownloadLink(tx, key, kind, permission);
}

export function spendDownloadLink(tx: Tx, key: string, kind: links.TLinkKind, permission: TPermission) {
  return links.spendDownloadLink(tx, key, kind, permission);
}
