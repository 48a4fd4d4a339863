import { m } from '@cod/shared';
import { CarrierError } from '../../carriers/carrier.js';
import { AppError } from '../../lib/app-error.js';

/** A carrier failure shown on the screen: its (redacted) message, never a 500. */
export function carrierFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof CarrierError) return new AppError('conflict', m('carrier.message', { reason: error.message }));
  throw error;
}
