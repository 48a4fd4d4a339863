import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { withTenant } from '../db/tenant-context.js';
import * as repo from './presence.repository.js';
import { rooms } from './rooms.js';
import type { TIo, TPresenceWire } from './types.js';

const toWire = (row: repo.TPresenceRow): TPresenceWire => ({
  user_id: row.user_id,
  online: row.online,
  last_changed: row.last_changed ? new Date(row.last_changed).toISOString() : null,
});

/**
 * SPEC 4 / 7 presence (docs/decisions/0024). A user is online while at least one of their sockets,
 * on any instance, reports a visible tab. Every change recomputes that from the live sockets
 * (fetchSockets goes through the adapter to every instance) under the user's presence row lock,
 * writes the row only when it flips, and tells the tenant after the commit.
 */
export class PresenceTracker {
  // One recompute per user at a time in this process; reports arriving meanwhile fold into one rerun,
  // so a client flipping visibility in a loop costs at most two transactions in flight.
  private readonly running = new Map<string, { dirty: boolean; done: Promise<void> }>();

  constructor(
    private readonly db: Db,
    private readonly io: TIo,
    private readonly log: FastifyBaseLogger,
  ) {}

  request(tenantId: number, userId: number): Promise<void> {
    const key = `${tenantId}:${userId}`;
    const current = this.running.get(key);
    if (current) {
      current.dirty = true;
      return current.done;
    }
    const entry = { dirty: false, done: Promise.resolve() };
    entry.done = (async () => {
      try {
        do {
          entry.dirty = false;
          await this.recompute(tenantId, userId);
        } while (entry.dirty);
      } finally {
        this.running.delete(key);
      }
    })();
    this.running.set(key, entry);
    return entry.done;
  }

  /** Waits for the recomputes in flight (shutdown: before the adapter and the database close). */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()].map((e) => e.done));
  }

  /**
   * The tenant's presence, after correcting rows that disagree with the live sockets (an instance
   * that crashed never wrote its users offline; the next reader repairs them).
   */
  async list(tenantId: number): Promise<TPresenceWire[]> {
    try {
      const [sockets, stored] = await Promise.all([
        this.io.in(rooms.presence(tenantId)).fetchSockets(),
        withTenant(this.db, tenantId, (tx) => repo.onlineUserIds(tx, tenantId)),
      ]);
      const live = new Set(sockets.filter((s) => s.data.visible).map((s) => s.data.userId));
      const wrong = new Set([
        ...stored.filter((id) => !live.has(id)),
        ...[...live].filter((id) => !stored.includes(id)),
      ]);
      await Promise.all([...wrong].map((userId) => this.request(tenantId, userId)));
    } catch (error) {
      // An instance not answering in time: answer what is stored rather than nothing.
      this.log.warn({ err: error }, 'realtime: presence reconcile skipped');
    }
    const list = await withTenant(this.db, tenantId, (tx) => repo.listPresence(tx, tenantId));
    return list.map(toWire);
  }

  private async recompute(tenantId: number, userId: number): Promise<void> {
    try {
      const changed = await withTenant(this.db, tenantId, async (tx) => {
        const stored = await repo.lockPresence(tx, tenantId, userId);
        const sockets = await this.io.in(rooms.user(tenantId, userId)).fetchSockets();
        const online = sockets.some((s) => s.data.visible);
        return online === stored.online ? null : repo.setPresence(tx, tenantId, userId, online);
      });
      if (changed) this.io.to(rooms.presence(tenantId)).emit('presence', toWire(changed));
    } catch (error) {
      this.log.warn({ err: error, tenantId, userId }, 'realtime: presence update failed');
    }
  }
}
