import { CarrierError, type TCarrierLogger, type TCreateOutcome, type TParcelInput } from './carrier.js';
import { mapWithConcurrency } from './parcel-format.js';

/**
 * Batch parcel creation shared by every adapter: never two parcels for one reference.
 *
 * - Duplicate references in one call: only the first is sent.
 * - `lookupExisting`: every reference is looked up first; found parcels are returned as recovered.
 * - An ambiguous failure (timeout, reset, 5xx: the carrier may have created the parcels) is resolved
 *   by looking the references up after a settle delay; only the ones not found are sent again.
 *   Without a lookup endpoint the outcome stays ambiguous and nothing is re-sent.
 * - A whole batch refused as invalid (Yalidine's documented all-or-nothing validation) is split in
 *   halves until the refused parcels are isolated, so one bad address does not block 49 good ones.
 */
export type TFound = Extract<TCreateOutcome, { ok: true }>;

export interface TCreateFlow {
  carrier: string;
  batchSize: number;
  /** Sends one batch; returns one outcome per parcel (missing ones are treated as ambiguous). */
  send(batch: TParcelInput[]): Promise<TCreateOutcome[]>;
  /** Finds parcels already at the carrier by our reference. Absent when the carrier cannot. */
  lookup?: (references: string[]) => Promise<Map<string, TFound>>;
  log: TCarrierLogger;
  /** Pause before looking up after an ambiguous failure (the carrier may still be writing). */
  settleMs?: number;
  maxResends?: number;
}

/** A parcel the carrier refused: final, safe to correct and dispatch again. */
export function refusedOutcome(reference: string, message: string): TCreateOutcome {
  return { reference, ok: false, ambiguous: false, message };
}

/** What the carrier says of a parcel it holds: its tracking number, status and optional ids. */
type TParcelAtCarrier = Omit<TFound, 'reference' | 'ok' | 'recovered'>;

/** A parcel the carrier created now (`recovered` false) or already had under our reference (true). */
export function createdOutcome(reference: string, parcel: TParcelAtCarrier, recovered: boolean): TFound {
  return { reference, ok: true, ...parcel, recovered };
}

/**
 * `send` for a carrier that creates one parcel per request: `concurrency` requests in flight, and a
 * failed request becomes that parcel's outcome (ambiguous when the carrier may have created it).
 */
export function sendEach(
  sendOne: (parcel: TParcelInput) => Promise<TCreateOutcome>,
  concurrency: number,
): TCreateFlow['send'] {
  return (batch) =>
    mapWithConcurrency(batch, concurrency, async (p) => {
      try {
        return await sendOne(p);
      } catch (error) {
        if (!(error instanceof CarrierError)) throw error;
        return { reference: p.reference, ok: false, ambiguous: error.ambiguous, message: error.publicMessage };
      }
    });
}

/** `lookup` for a carrier searched one reference per request; `findOne` answers undefined when it has none. */
export function lookUpEach(
  findOne: (reference: string) => Promise<TFound | undefined>,
  concurrency: number,
): NonNullable<TCreateFlow['lookup']> {
  return async (references) => {
    const out = new Map<string, TFound>();
    await mapWithConcurrency(references, concurrency, async (reference) => {
      const found = await findOne(reference);
      if (found) out.set(reference, found);
    });
    return out;
  };
}

export async function createParcelsSafely(
  flow: TCreateFlow,
  parcels: TParcelInput[],
  options: { lookupExisting?: boolean } = {},
): Promise<TCreateOutcome[]> {
  const results = new Map<string, TCreateOutcome>();
  const unique: TParcelInput[] = [];
  const seen = new Set<string>();
  for (const parcel of parcels) {
    if (seen.has(parcel.reference)) continue;
    seen.add(parcel.reference);
    unique.push(parcel);
  }

  let pending = unique;
  if (options.lookupExisting) {
    pending = await recoverExisting(flow, unique, results);
  }
  for (let i = 0; i < pending.length; i += flow.batchSize) {
    await sendBatch(flow, pending.slice(i, i + flow.batchSize), results, 0);
  }

  const firstIndex = new Map<string, number>();
  return parcels.map((parcel, index) => {
    if (!firstIndex.has(parcel.reference)) firstIndex.set(parcel.reference, index);
    if (firstIndex.get(parcel.reference) !== index) {
      return refusedOutcome(parcel.reference, 'Duplicate order in the same request');
    }
    return results.get(parcel.reference) ?? ambiguousOutcome(flow.carrier, parcel.reference);
  });
}

async function recoverExisting(
  flow: TCreateFlow,
  parcels: TParcelInput[],
  results: Map<string, TCreateOutcome>,
): Promise<TParcelInput[]> {
  if (!flow.lookup) {
    for (const p of parcels) {
      results.set(p.reference, {
        reference: p.reference,
        ok: false,
        ambiguous: true,
        message: `${flow.carrier} cannot look parcels up by order; check its dashboard before dispatching again`,
      });
    }
    return [];
  }
  const found = await safeLookup(
    flow,
    parcels.map((p) => p.reference),
  );
  if (!found) {
    for (const p of parcels) results.set(p.reference, ambiguousOutcome(flow.carrier, p.reference));
    return [];
  }
  for (const [reference, outcome] of found) results.set(reference, outcome);
  return parcels.filter((p) => !found.has(p.reference));
}

async function sendBatch(
  flow: TCreateFlow,
  batch: TParcelInput[],
  results: Map<string, TCreateOutcome>,
  resends: number,
): Promise<void> {
  if (batch.length === 0) return;
  let outcomes: TCreateOutcome[];
  try {
    outcomes = await flow.send(batch);
  } catch (error) {
    if (!(error instanceof CarrierError)) throw error;
    if (error.ambiguous) {
      await resolveAmbiguous(flow, batch, results, resends);
      return;
    }
    if (error.code === 'rejected' && batch.length > 1) {
      const half = Math.ceil(batch.length / 2);
      await sendBatch(flow, batch.slice(0, half), results, resends);
      await sendBatch(flow, batch.slice(half), results, resends);
      return;
    }
    for (const p of batch) results.set(p.reference, refusedOutcome(p.reference, error.publicMessage));
    return;
  }
  const unanswered: TParcelInput[] = [];
  for (const parcel of batch) {
    const outcome = outcomes.find((o) => o.reference === parcel.reference);
    if (!outcome || (!outcome.ok && outcome.ambiguous)) unanswered.push(parcel);
    else results.set(parcel.reference, outcome);
  }
  if (unanswered.length) await resolveAmbiguous(flow, unanswered, results, resends);
}

async function resolveAmbiguous(
  flow: TCreateFlow,
  batch: TParcelInput[],
  results: Map<string, TCreateOutcome>,
  resends: number,
): Promise<void> {
  const references = batch.map((p) => p.reference);
  flow.log.warn({ carrier: flow.carrier, count: batch.length }, `${flow.carrier} creation outcome unknown; looking up`);
  if (!flow.lookup) {
    for (const reference of references) results.set(reference, ambiguousOutcome(flow.carrier, reference));
    return;
  }
  if (flow.settleMs) await new Promise((r) => setTimeout(r, flow.settleMs));
  const found = await safeLookup(flow, references);
  if (!found) {
    for (const reference of references) results.set(reference, ambiguousOutcome(flow.carrier, reference));
    return;
  }
  for (const [reference, outcome] of found) results.set(reference, outcome);
  const missing = batch.filter((p) => !found.has(p.reference));
  if (!missing.length) return;
  if (resends >= (flow.maxResends ?? 2)) {
    for (const p of missing) results.set(p.reference, ambiguousOutcome(flow.carrier, p.reference));
    return;
  }
  await sendBatch(flow, missing, results, resends + 1);
}

async function safeLookup(flow: TCreateFlow, references: string[]): Promise<Map<string, TFound> | null> {
  try {
    return await flow.lookup!(references);
  } catch (error) {
    flow.log.warn(
      { carrier: flow.carrier, error: error instanceof CarrierError ? error.code : 'unexpected' },
      `${flow.carrier} lookup by reference failed`,
    );
    return null;
  }
}

function ambiguousOutcome(carrier: string, reference: string): TCreateOutcome {
  return {
    reference,
    ok: false,
    ambiguous: true,
    message: `${carrier} did not confirm this parcel; it may exist. Refresh before dispatching again`,
  };
}
