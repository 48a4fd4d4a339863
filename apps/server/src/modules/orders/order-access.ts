import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { readerOf } from '../../http/actor.js';
import { allowedProductIds } from '../product-permissions/product-permissions.service.js';

/**
 * Who works on orders and what they may see. Taken from the verified session (STYLE 6); the
 * intake API acts with no user and sees everything of its shop.
 */
export interface TOrderActor {
  tenantId: number;
  /** null: the intake API (a sales channel, no person). */
  userId: number | null;
  ip: string | null;
  timeZone: string;
  /** 'view all orders'; without it (Support Agents) only the orders assigned to the user. */
  seesAll: boolean;
}

/** The actor plus the products it may work with (issue 3.2), read inside the transaction. */
export interface TOrderScope extends TOrderActor {
  productIds: number[] | 'all';
}

export function orderActorOf(request: FastifyRequest): TOrderActor & { userId: number } {
  return { ...readerOf(request), ip: request.ip };
}

export async function scopeOf(tx: Tx, actor: TOrderActor): Promise<TOrderScope> {
  const productIds = actor.userId === null ? 'all' : await allowedProductIds(tx, actor.tenantId, actor.userId);
  return { ...actor, productIds };
}

// The scope's SQL lives with the repositories; other modules read it from here.
export { orderVisibility, visibleOrders, visibleTo } from './order-scope.repository.js';
export { ORDER_WITH_STATUS, visibleOrdersWithStatus, type TOrderWithStatusRecord } from './order-scope.repository.js';

/** What every orders use case is given besides the actor: the database, opaque to the routes. */
export interface TOrderDeps {
  db: Db;
}
