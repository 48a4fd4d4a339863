import { describe, expect, it } from 'vitest';
import { shopGate } from './shop-gate.js';

const A = 1;
const B = 2;
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Enters `count` requests of `shop`; answers their give-back functions as they are admitted. */
function flood(gate: ReturnType<typeof shopGate>, shop: number, count: number) {
  const admitted: Array<() => void> = [];
  const refused: number[] = [];
  for (let i = 0; i < count; i++) {
    gate.enter(shop).then(
      (giveBack) => admitted.push(giveBack),
      () => refused.push(i),
    );
  }
  return { admitted, refused };
}

describe("a shop's line (decision 0144)", () => {
  it('admits K at once, queues the next ones in order, and gives a freed place to the first waiting', async () => {
    const gate = shopGate({ maxInFlight: 2, maxQueued: 8, queueWaitMs: 60_000 });
    const a = flood(gate, A, 3);
    await settled();
    expect(a.admitted).toHaveLength(2);
    expect(gate.snapshot().get(A)).toEqual({ inFlight: 2, queued: 1 });
    a.admitted[0]!();
    a.admitted[0]!(); // giving back twice frees one place only
    await settled();
    expect(gate.snapshot().get(A)).toEqual({ inFlight: 2, queued: 0 });
    a.admitted[1]!();
    a.admitted[2]!();
    expect(gate.snapshot().has(A)).toBe(false);
  });

  it('lets another shop in at once while one floods, and holds the flooding shop to one place meanwhile', async () => {
    const gate = shopGate({ maxInFlight: 2, maxQueued: 4, queueWaitMs: 60_000 });
    const a = flood(gate, A, 6);
    await settled();
    expect(gate.snapshot().get(A)).toEqual({ inFlight: 2, queued: 4 });
    const b = flood(gate, B, 2);
    await settled();
    expect(b.admitted).toHaveLength(2);
    // A frees both places: with B at work and A's line full, A gets one back, not two.
    a.admitted[0]!();
    a.admitted[1]!();
    await settled();
    expect(gate.snapshot().get(A)).toEqual({ inFlight: 1, queued: 3 });
    // B done: A's share is whole again (two in progress, the last waiting).
    b.admitted.forEach((giveBack) => giveBack());
    a.admitted[2]!();
    await settled();
    expect(gate.snapshot().get(A)).toEqual({ inFlight: 2, queued: 1 });
  });

  it('refuses past the line, after a delay that slows a client ignoring Retry-After', async () => {
    const gate = shopGate({ maxInFlight: 1, maxQueued: 1, queueWaitMs: 60_000 });
    const a = flood(gate, A, 3);
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(a.refused).toEqual([2]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    a.admitted[0]!();
    await settled();
    a.admitted[1]!();
  });
});
