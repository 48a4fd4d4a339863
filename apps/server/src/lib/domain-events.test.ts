import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { domainEvents, withTenantEvents, type TDomainEvent } from './domain-events.js';
import { createTenant } from '../modules/tenants/tenants.service.js';

describe('withTenantEvents', () => {
  it('publishes after commit, and never for a rolled-back transaction', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    await migrate(database);
    const { tenant } = await createTenant(database.db, {
      cq_name: 'events-shop',
      owner_email: 'owner@events.dz',
      owner_password: 'long-enough-1',
    });
    const seen: TDomainEvent[] = [];
    const stop = domainEvents.subscribe((e) => seen.push(e));
    const event: TDomainEvent = { type: 'OrderCreated', tenantId: tenant.id, payload: { id: 1 } };

    await withTenantEvents(database.db, tenant.id, async (_tx, events) => {
      events.emit(event);
      expect(seen).toEqual([]); // not before the commit
    });
    expect(seen).toEqual([event]);

    await expect(
      withTenantEvents(database.db, tenant.id, async (_tx, events) => {
        events.emit({ ...event, payload: { id: 2 } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seen).toEqual([event]);
    stop();
    await database.close();
  });
});
