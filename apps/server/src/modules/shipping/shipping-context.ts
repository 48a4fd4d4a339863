import type { TCarrierLogger } from '../../carriers/carrier.js';
import type { TCarrierKeyring } from '../../carriers/credentials.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { TOrderActor } from '../orders/order-access.js';
import { carrierKeyring } from '../shipping-companies/carrier-runtime.js';
import type { TShippingDeps } from './shipping.deps.js';

/** What every shipping flow receives from its route (or job). */
export interface TShippingContext {
  db: Db;
  keyring: TCarrierKeyring;
  actor: TOrderActor;
  log: TCarrierLogger;
}

/** The context of one request's shipping flow: the carrier keyring is loaded once per process. */
export async function shippingContext(
  deps: TShippingDeps,
  actor: TOrderActor,
  log: TCarrierLogger,
): Promise<TShippingContext> {
  return { db: deps.db, keyring: await carrierKeyring(deps.config), actor, log };
}

/**
 * A per-order failure: our AppError's message as a catalogue token, or the carrier's own words
 * (orderError frames those as carrier.message); never a stack or a secret.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof AppError) return error.token;
  if (error instanceof Error && error.name === 'CarrierError') return error.message;
  return fallback;
}
