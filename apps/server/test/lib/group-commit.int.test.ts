import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows, type Tx } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { domainEvents, type TDomainEvent } from '../../src/lib/domain-events.js';
import { TenantGroupCommit, type TBatchWriter } from '../../src/lib/group-commit.js';
import { createTestTenant, openTestDatabase } from '../support/test-db.js';

const database = await openTestDatabase();

interface TItem {
  name: string;
  /** A database error inside the batch (division by zero). */
  poison?: boolean;
  /** Refused by a rule: settles as an error without touching the database. */
  refused?: boolean;
  key?: string;
}

/**
 * A writer with real effects: each written item bumps the shop's order-number counter by one and
 * records an event, so "written exactly once" and "published after commit" can be counted.
 */
function countingWriter(): TBatchWriter<TItem, { name: string; txid: string }> & { batches: string[][] } {
  const batches: string[][] = [];
  return {
    batches,
    keyOf: (item) => item.key ?? null,
    async write(tx: Tx, events, tenantId, items) {
      batches.push(items.map((item) => item.name));
      const [{ txid } = { txid: '' }] = await rows<{ txid: string }>(tx, sql`select txid_current()::text as txid`);
      const outcomes = [];
      for (const item of items) {
        if (item.refused) {
          outcomes.push({ ok: false as const, error: new Error(`refused ${item.name}`) });
          continue;
        }
        if (item.poison) await tx.execute(sql`select 1 / 0`);
        await tx.execute(
          sql`insert into order_number_counters as c (tenant_id, last_number) values (${tenantId}, 1)
              on conflict (tenant_id) do update set last_number = c.last_number + 1`,
        );
        events.emit({ type: 'OrderCreated', tenantId, payload: { name: item.name } });
        outcomes.push({ ok: true as const, value: { name: item.name, txid } });
      }
      return outcomes;
    },
  };
}

async function counterOf(tenantId: number) {
  const [row] = await withTenant(database.db, tenantId, (tx) =>
    rows<{ last_number: number }>(tx, sql`select last_number from order_number_counters where tenant_id = ${tenantId}`),
  );
  return row?.last_number ?? 0;
}

function eventsOf(tenantId: number) {
  const seen: string[] = [];
  const stop = domainEvents.subscribe((event: TDomainEvent) => {
    if (event.tenantId === tenantId) seen.push(String(event.payload.name));
  });
  return { seen, stop };
}

describe('TenantGroupCommit', () => {
  it('writes a burst in shared transactions, one lone request at once, and each item exactly once', async () => {
    const tenant = await createTestTenant(database);
    const writer = countingWriter();
    const commits = new TenantGroupCommit(database.db, writer, 8);
    const events = eventsOf(tenant.id);
    const names = Array.from({ length: 20 }, (_, i) => `item-${i}`);
    const results = await Promise.all(names.map((name) => commits.run(tenant.id, { name })));
    events.stop();

    expect(results.map((r) => r.name)).toEqual(names);
    // The first request did not wait for company; the others queued behind it and went together.
    expect(writer.batches[0]).toEqual(['item-0']);
    expect(writer.batches.slice(1).every((batch) => batch.length <= 8)).toBe(true);
    expect(new Set(results.map((r) => r.txid)).size).toBe(writer.batches.length);
    expect(writer.batches.length).toBeLessThan(20);
    expect(await counterOf(tenant.id)).toBe(20);
    expect(events.seen.sort()).toEqual([...names].sort());
  });

  it('rolls a batch back on a database error and runs its items alone: only the failing one fails', async () => {
    const tenant = await createTestTenant(database);
    const writer = countingWriter();
    // One lane, so the burst queues behind the lone request and shares one attempt.
    const commits = new TenantGroupCommit(database.db, writer, 64, 1);
    const events = eventsOf(tenant.id);
    const first = commits.run(tenant.id, { name: 'lone' });
    const burst = ['a', 'b', 'poison', 'c'].map((name) =>
      commits.run(tenant.id, { name, poison: name === 'poison' }).then(
        (value) => ({ ok: true, value }),
        (error: unknown) => ({ ok: false, error }),
      ),
    );
    await first;
    const outcomes = await Promise.all(burst);
    events.stop();

    expect(outcomes.map((o) => o.ok)).toEqual([true, true, false, true]);
    expect(String((outcomes[2] as { error: unknown }).error)).toMatch(/select 1 \/ 0/);
    // The shared attempt, then each alone.
    expect(writer.batches).toContainEqual(['a', 'b', 'poison', 'c']);
    expect(writer.batches.filter((batch) => batch.length === 1 && batch[0] === 'a')).toHaveLength(1);
    // Written once each (the rolled-back attempt left nothing), and no event for what was undone.
    expect(await counterOf(tenant.id)).toBe(4);
    expect(events.seen.sort()).toEqual(['a', 'b', 'c', 'lone']);
  });

  it('settles an item refused by a rule with its own error and commits its neighbours', async () => {
    const tenant = await createTestTenant(database);
    const commits = new TenantGroupCommit(database.db, countingWriter());
    const outcomes = await Promise.allSettled(
      ['x', 'refused', 'y'].map((name) => commits.run(tenant.id, { name, refused: name === 'refused' })),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toBe('Error: refused refused');
    expect(await counterOf(tenant.id)).toBe(2);
  });

  it('never puts two items with the same key in one batch, and keeps tenants apart', async () => {
    const [one, two] = [await createTestTenant(database), await createTestTenant(database)];
    const writer = countingWriter();
    const commits = new TenantGroupCommit(database.db, writer);
    await Promise.all([
      commits.run(one.id, { name: 'warm-up' }),
      ...['k1', 'k1', 'k2', 'k1'].map((key, i) => commits.run(one.id, { name: `${key}-${i}`, key })),
      commits.run(two.id, { name: 'other shop' }),
    ]);
    for (const batch of writer.batches) {
      const keys = batch.filter((name) => name.startsWith('k')).map((name) => name.split('-')[0]);
      expect(new Set(keys).size).toBe(keys.length);
    }
    expect(writer.batches.some((batch) => batch.includes('other shop') && batch.length > 1)).toBe(false);
    expect(await counterOf(one.id)).toBe(5);
    expect(await counterOf(two.id)).toBe(1);
  });

  it('runs two transactions of one shop at once (decision 0121), each item exactly once, in order on the shared counter', async () => {
    const tenant = await createTestTenant(database);
    const writer = countingWriter();
    let inFlight = 0;
    let most = 0;
    const slow: typeof writer = {
      ...writer,
      async write(tx, events, tenantId, items) {
        most = Math.max(most, ++inFlight);
        try {
          // The part before the shared row: both lanes may be here at once.
          await tx.execute(sql`select pg_sleep(0.05)`);
          return await writer.write(tx, events, tenantId, items);
        } finally {
          inFlight--;
        }
      },
    };
    const commits = new TenantGroupCommit(database.db, slow, 8, 2);
    const names = Array.from({ length: 30 }, (_, i) => `lane-${i}`);
    const results = await Promise.all(
      names.map((name, i) => commits.run(tenant.id, { name, key: i % 5 === 0 ? 'same' : null } as TItem)),
    );
    expect(results.map((r) => r.name)).toEqual(names);
    // (The embedded database has one connection: there the second lane waits for it.)
    if (process.env.TEST_DATABASE_URL) expect(most).toBe(2);
    expect(await counterOf(tenant.id)).toBe(30);
    for (const batch of writer.batches) expect(batch.length).toBeLessThanOrEqual(8);
  });
});
