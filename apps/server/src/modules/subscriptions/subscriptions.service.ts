import {
  calendarDaysUntil,
  dayIn,
  isBlockedSubscription,
  PRODUCT_NAME,
  REMINDER_DAYS,
  subscriptionStatusAt,
  type TSubscriptionStatus,
} from '@cod/shared';
import type { Db, Tx } from '../../db/client.js';
import { withSystem } from '../../db/tenant-context.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { centralSettingsIn, recordCentralAudit } from '../central/central-admin.service.js';
import * as repo from './subscriptions.repository.js';

export type { TSubscriptionRow } from './subscriptions.repository.js';
export { blockedError } from './plan-limits.js';

/**
 * Subscriptions (issue 19.3, docs/decisions/0063): one current row per tenant with its history,
 * moved through active/trialing -> past_due -> expired by the daily job, suspended by hand.
 */

/** The access guard's read: the shop's current status, on every signed-in request (no cache). */
export function shopSubscriptionStatus(db: Db, tenantId: number): Promise<string | null> {
  return withSystem(db, (tx) => repo.currentStatus(tx, tenantId));
}

export const isShopBlocked = isBlockedSubscription;

export function shopPlanFeatures(db: Db, tenantId: number) {
  return withSystem(db, (tx) => repo.currentPlanFeatures(tx, tenantId));
}

export function currentSubscriptionIn(tx: Tx, tenantId: number, options: { lock?: boolean } = {}) {
  return repo.currentSubscription(tx, tenantId, options);
}

export function subscriptionHistoryIn(tx: Tx, tenantId: number) {
  return repo.subscriptionHistory(tx, tenantId);
}

/** Starts a tenant's new current subscription (the old one stays as history). */
export function startSubscriptionIn(
  tx: Tx,
  values: { tenantId: number; planId: number; status: TSubscriptionStatus; validFrom: Date; validTo: Date },
) {
  return repo.startSubscription(tx, values);
}

export function updateSubscriptionIn(tx: Tx, id: number, values: Parameters<typeof repo.updateSubscription>[2]) {
  return repo.updateSubscription(tx, id, values);
}

/** The grace days of the central settings, inside the caller's transaction. */
export async function graceDaysIn(tx: Tx): Promise<number> {
  return (await centralSettingsIn(tx)).grace_days;
}

export function listSubscriptions({ db }: TAppDeps, query: { status?: unknown }) {
  const status = typeof query.status === 'string' && query.status ? query.status : null;
  return withSystem(db, async (tx) => ({ data: await repo.listCurrentSubscriptions(tx, { status }) }));
}

export interface TDayOutcome {
  day: string;
  ran: boolean;
  moved: number;
  reminders: number;
}

/**
 * Moves every current subscription to where it stands at `now` and writes the reminder mails of
 * the day, in one transaction. Idempotent: statuses follow from the dates, and each reminder is
 * claimed once per subscription, end date and number of days. `tenantIds` limits it (tests).
 */
export async function moveSubscriptions(
  db: Db,
  now: Date,
  options: { tenantIds?: readonly number[] } = {},
): Promise<Omit<TDayOutcome, 'ran'>> {
  return withSystem(db, (tx) => moveIn(tx, now, options.tenantIds));
}

async function moveIn(tx: Tx, now: Date, tenantIds?: readonly number[]): Promise<Omit<TDayOutcome, 'ran'>> {
  const graceDays = await graceDaysIn(tx);
  let moved = 0;
  let reminders = 0;
  const all = await repo.runningSubscriptions(tx);
  for (const subscription of all.filter((s) => !tenantIds || tenantIds.includes(s.tenant_id))) {
    const validTo = new Date(subscription.valid_to);
    const next = subscriptionStatusAt({ isTrial: subscription.is_trial, validTo, suspended: false }, now, graceDays);
    if (next !== subscription.status) {
      await repo.updateSubscription(tx, subscription.id, { status: next });
      await recordCentralAudit(tx, {
        adminId: null,
        tenantId: subscription.tenant_id,
        action: 'status_change',
        entity: 'subscription',
        entityId: subscription.id,
        before: { status: subscription.status },
        after: { status: next, by: 'daily job' },
      });
      moved += 1;
    }
    const daysLeft = calendarDaysUntil(validTo, now, subscription.time_zone);
    if ((REMINDER_DAYS as readonly number[]).includes(daysLeft) && (next === 'active' || next === 'trialing')) {
      if (await repo.claimReminder(tx, subscription.id, subscription.valid_to, daysLeft)) {
        for (const owner of await repo.ownersOf(tx, subscription.tenant_id)) {
          await repo.insertOutboxMail(tx, {
            tenantId: subscription.tenant_id,
            to: owner.email,
            subject: `${PRODUCT_NAME}: your ${subscription.plan} subscription ends in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`,
            body:
              `Hello ${owner.name},\n\nYour ${subscription.plan} subscription ends on ${dayIn(validTo, subscription.time_zone)}. ` +
              `Renew it before then to keep managing your orders without interruption.\n\n${PRODUCT_NAME}`,
          });
        }
        reminders += 1;
      }
    }
  }
  return { day: dayIn(now), moved, reminders };
}

/**
 * The daily job's run for the Africa/Algiers day of `now`: claims the day first, so however many
 * instances (or retries) run it, one transaction does the day's work.
 */
export async function runSubscriptionDay(
  db: Db,
  now: Date,
  options: { tenantIds?: readonly number[] } = {},
): Promise<TDayOutcome> {
  return withSystem(db, async (tx) => {
    const day = dayIn(now);
    if (!(await repo.claimJobDay(tx, day))) return { day, ran: false, moved: 0, reminders: 0 };
    const outcome = await moveIn(tx, now, options.tenantIds);
    await repo.recordJobDay(tx, day, outcome.moved, outcome.reminders);
    return { ...outcome, ran: true };
  });
}
