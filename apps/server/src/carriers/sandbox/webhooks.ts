import crypto from 'node:crypto';
import { outboundFetch } from '../../lib/outbound-fetch.js';
import { addressRefusal, bareHost, type TOutboundPolicy } from '../../lib/outbound-guard.js';
import { isoToAlgiers } from '../parcel-format.js';
import { signYalidineBody, YALIDINE_SIGNATURE_HEADER } from '../yalidine/webhook.js';
import { signSvix } from '../zr-express/webhook.js';
import type { SandboxFaults } from './faults.js';
import type { TSandboxDialect } from './scenarios.js';
import type { TStatusChange } from './store.js';

/**
 * Webhook pushes as Yalidine and ZR Express send them (the other carriers are pull-only):
 * Yalidine batches `{type, events[]}` signed with X-YALIDINE-SIGNATURE; ZR sends one Svix-signed
 * message per event. Failed deliveries are retried on the sandbox clock with the carrier's schedule.
 */
type TPushDialect = 'yalidine' | 'zr';

/**
 * The sandbox stands for a carrier calling this server back: its pushes go through the one
 * outbound module, to a loopback receiver only (decision 0037), never anywhere a caller names.
 */
const RECEIVER_POLICY: TOutboundPolicy = { allowPrivate: true };

function isLoopbackUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    const host = bareHost(url);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      (host === 'localhost' || addressRefusal(host) === 'loopback')
    );
  } catch {
    return false;
  }
}
const MINUTE = 60_000;
const RETRY_SCHEDULE: Record<TPushDialect, number[]> = {
  yalidine: [5 * MINUTE, 15 * MINUTE, 60 * MINUTE, 180 * MINUTE, 720 * MINUTE, 1440 * MINUTE],
  zr: [5_000, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 300 * MINUTE, 600 * MINUTE],
};

export interface TWebhookTarget {
  url: string;
  secret: string;
  /** Yalidine validates the endpoint with a crc_token echo before sending anything. */
  validated: boolean;
}

export interface TDelivery {
  dialect: TPushDialect;
  url: string;
  body: string;
  headers: Record<string, string>;
  status: number | 'error';
  attempt: number;
  at: number;
}

interface TPending {
  dialect: TPushDialect;
  /** Built once: a retry re-sends the same events (same ids), as carriers do. */
  body: string;
  eventCount: number;
  attempt: number;
  nextAt: number;
  /** Svix message id: the same on every retry and duplicate (the receiver's dedupe key). */
  messageId: string;
}

export class SandboxWebhooks {
  readonly targets = new Map<TPushDialect, TWebhookTarget>();
  readonly deliveries: TDelivery[] = [];
  private pending: TPending[] = [];
  private queued: Array<{ dialect: TPushDialect; type: string; event: Record<string, unknown> }> = [];

  constructor(
    private readonly now: () => number,
    private readonly faults: SandboxFaults,
  ) {}

  async configure(dialect: TSandboxDialect, target: { url: string; secret: string }): Promise<{ validated: boolean }> {
    if (dialect !== 'yalidine' && dialect !== 'zr') throw new Error(`${dialect} has no webhooks`);
    if (!isLoopbackUrl(target.url)) throw new Error('The sandbox pushes webhooks to this machine only');
    let validated = true;
    if (dialect === 'yalidine') {
      const token = crypto.randomBytes(12).toString('hex');
      const url = new URL(target.url);
      url.searchParams.set('subscribe', '');
      url.searchParams.set('crc_token', token);
      validated = await outboundFetch(url, { signal: AbortSignal.timeout(10_000) }, { policy: RECEIVER_POLICY })
        .then(async (r) => r.ok && (await r.text()).includes(token))
        .catch(() => false);
    }
    this.targets.set(dialect, { ...target, validated });
    return { validated };
  }

  /** Status changes become events, delivered at the next flush (clock advance or explicit flush). */
  enqueue(changes: readonly TStatusChange[]): void {
    for (const { parcel, row } of changes) {
      if (parcel.dialect === 'yalidine') {
        const type =
          row.step === 'created'
            ? 'parcel_created'
            : row.step === 'cancelled'
              ? 'parcel_deleted'
              : 'parcel_status_updated';
        this.queued.push({
          dialect: 'yalidine',
          type,
          event: {
            event_id: `evt_${crypto.randomUUID()}`,
            occurred_at: new Date(row.at).toISOString(),
            data: {
              tracking: parcel.tracking,
              order_id: parcel.reference,
              status: row.status,
              reason: row.reason ?? null,
              date_status: isoToAlgiers(row.at).dateTime,
            },
          },
        });
      } else if (parcel.dialect === 'zr') {
        this.queued.push({
          dialect: 'zr',
          type: 'parcel.state.updated',
          event: {
            eventType: 'parcel.state.updated',
            occurredAt: new Date(row.at).toISOString(),
            data: {
              id: parcel.id,
              externalId: parcel.reference,
              trackingNumber: parcel.tracking,
              state: { name: row.status },
              ...(row.reason ? { situation: { name: row.reason } } : {}),
            },
          },
        });
      }
    }
  }

  /** Sends queued events and due retries; resolves when every attempt has an answer. */
  async flush(): Promise<number> {
    this.batchQueued();
    const now = this.now();
    const due = this.pending.filter((p) => p.nextAt <= now);
    this.pending = this.pending.filter((p) => p.nextAt > now);
    const ordered = this.faults.webhookMode.reverse ? [...due].reverse() : due;
    let sent = 0;
    for (const item of ordered) {
      const target = this.targets.get(item.dialect);
      if (!target) continue;
      const copies = this.faults.webhookMode.duplicate ? 2 : 1;
      let ok = false;
      for (let i = 0; i < copies; i++) ok = (await this.send(item, target)) || ok;
      sent += item.eventCount;
      const schedule = RETRY_SCHEDULE[item.dialect];
      if (!ok && item.attempt <= schedule.length) {
        this.pending.push({ ...item, attempt: item.attempt + 1, nextAt: now + schedule[item.attempt - 1]! });
      }
    }
    return sent;
  }

  private batchQueued(): void {
    const queued = this.queued;
    this.queued = [];
    const now = this.now();
    const yalidine = new Map<string, Array<Record<string, unknown>>>();
    for (const q of queued) {
      if (!this.targets.has(q.dialect)) continue;
      if (q.dialect === 'zr') {
        this.pending.push({
          dialect: 'zr',
          body: JSON.stringify(q.event),
          eventCount: 1,
          attempt: 1,
          nextAt: now,
          messageId: `msg_${crypto.randomUUID().replace(/-/g, '')}`,
        });
      } else {
        yalidine.set(q.type, [...(yalidine.get(q.type) ?? []), q.event]);
      }
    }
    for (const [type, events] of yalidine) {
      for (let i = 0; i < events.length; i += 50) {
        const batch = events.slice(i, i + 50);
        const ordered = this.faults.webhookMode.reverse ? [...batch].reverse() : batch;
        this.pending.push({
          dialect: 'yalidine',
          body: JSON.stringify({ type, events: ordered }),
          eventCount: batch.length,
          attempt: 1,
          nextAt: now,
          messageId: '',
        });
      }
    }
  }

  private async send(item: TPending, target: TWebhookTarget): Promise<boolean> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (item.dialect === 'yalidine') {
      headers[YALIDINE_SIGNATURE_HEADER] = signYalidineBody(item.body, target.secret);
    } else {
      const id = item.messageId;
      // Svix timestamps are wall-clock seconds (receivers check them against their own clock).
      const timestamp = String(Math.floor(Date.now() / 1000));
      Object.assign(headers, {
        'svix-id': id,
        'svix-timestamp': timestamp,
        'svix-signature': signSvix({ id, timestamp, body: item.body, secret: target.secret }),
      });
    }
    let status: number | 'error' = 'error';
    try {
      const response = await outboundFetch(
        target.url,
        { method: 'POST', headers, body: item.body, signal: AbortSignal.timeout(10_000) },
        { policy: RECEIVER_POLICY },
      );
      await response.arrayBuffer();
      status = response.status;
    } catch {
      status = 'error';
    }
    this.deliveries.push({
      dialect: item.dialect,
      url: target.url,
      body: item.body,
      headers,
      status,
      attempt: item.attempt,
      at: this.now(),
    });
    if (this.deliveries.length > 5_000) this.deliveries.splice(0, this.deliveries.length - 2_500);
    return typeof status === 'number' && status >= 200 && status < 300;
  }
}
