import { CATALOGUE_MESSAGES as M, type TUserProductPermissions, type TUserProductPermissionsInput } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { TActor } from '../products/actor.js';
import { existingProductIds } from '../products/products.repository.js';
import * as repo from './product-permissions.repository.js';

export async function userProductPermissionsOr404(tx: Tx, tenantId: number, userId: number) {
  const [row] = (await repo.listUserProductPermissions(tx, tenantId, { userId, page: 1, perPage: 1 })).data;
  if (!row) throw AppError.notFound('User');
  return row;
}

/** Issue 3.2: limits a user to some products, or lifts the limit; the whole set in one transaction. */
export async function setUserProductPermissions(
  tx: Tx,
  actor: TActor,
  userId: number,
  input: TUserProductPermissionsInput,
): Promise<TUserProductPermissions> {
  await userProductPermissionsOr404(tx, actor.tenantId, userId);
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
}
