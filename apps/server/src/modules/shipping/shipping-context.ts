import type { TCarrierLogger } from '../../carriers/carrier.js';
import type { TCarrierKeyring } from '../../carriers/credentials.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { TOrderActor } from '../orders/order-access.js';

/** What every shipping flow receives from its route (or job). */
export interface TShippingContext {
  db: Db;
  keyring: TCarrierKeyring;
  actor: TOrderActor;
  log: TCarrierLogger;
}

/** A per-order failure's text: our AppError or carrier message, never a stack or a secret. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof AppError) return error.message;
  if (error instanceof Error && error.name === 'CarrierError') return error.message;
  return fallback;
}
