import {
  CATALOGUE_MESSAGES as M,
  type TListQuery,
  type TUserProductPermissions,
  type TUserProductPermissionsInput,
} from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { auditBy, auditingRefusals, recordAudit } from '../audit/audit.service.js';
import { assertMayActOn } from '../roles/roles.service.js';
import { existingProductIds } from '../products/products.service.js';
import * as repo from './product-permissions.repository.js';

/**
 * Issue 3.2: the products a user may work with ('all' unless limited), inside the caller's
 * transaction. The orders list, the order form, the imports and the product options filter with it.
 */
export function allowedProductIds(tx: Tx, tenantId: number, userId: number): Promise<number[] | 'all'> {
  return repo.allowedProductIds(tx, tenantId, userId);
}

export async function userProductPermissionsOr404(tx: Tx, tenantId: number, userId: number) {
  const [row] = (await repo.listUserProductPermissions(tx, tenantId, { userId, page: 1, perPage: 1 })).data;
  if (!row) throw AppError.notFound('User');
  return row;
}

export function listUserProductPermissions(deps: TAppDeps, tenantId: number, query: TListQuery) {
  return withTenant(deps.db, tenantId, (tx) =>
    repo.listUserProductPermissions(tx, tenantId, { search: query.search, page: query.page, perPage: query.per_page }),
  );
}

export function getUserProductPermissions(deps: TAppDeps, tenantId: number, userId: number) {
  return withTenant(deps.db, tenantId, (tx) => userProductPermissionsOr404(tx, tenantId, userId));
}

/** Issue 3.2: limits a user to some products, or lifts the limit; the whole set in one transaction. */
export function setUserProductPermissions(
  deps: TAppDeps,
  actor: TActor,
  userId: number,
  input: TUserProductPermissionsInput,
): Promise<TUserProductPermissions> {
  const refused = auditBy(actor, 'user_product_permissions', userId);
  return auditingRefusals(deps.db, refused, 'update', () => setScopeWork(deps, actor, userId, input));
}

function setScopeWork(deps: TAppDeps, actor: TActor, userId: number, input: TUserProductPermissionsInput) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    await userProductPermissionsOr404(tx, actor.tenantId, userId);
    // Decision 0139: only someone holding all the user holds changes what they may work with.
    await assertMayActOn(tx, actor, userId);
    const ids = [...new Set(input.product_ids)];
    const known = await existingProductIds(tx, actor.tenantId, ids);
    const errors: Record<string, string[]> = {};
    input.product_ids.forEach((id, i) => {
      if (!known.has(id)) errors[`product_ids.${i}`] = [M.selectedInvalid('product')];
    });
    if (Object.keys(errors).length) throw AppError.validation(errors);
    await repo.replaceUserProductScope(tx, actor.tenantId, userId, {
      restricted: input.restricted,
      productIds: input.restricted ? ids : [],
      updatedBy: actor.userId,
    });
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      action: 'update',
      entity: 'user_product_permissions',
      entityId: userId,
      changes: { restricted: input.restricted, product_ids: ids },
      ip: actor.ip,
    });
    return userProductPermissionsOr404(tx, actor.tenantId, userId);
  });
}
