import {
  centimes,
  dayIn,
  dayRates,
  dayWindow,
  m,
  monthWindow,
  previousDay,
  ZDailyReportSettings,
  ZReportDay,
  type TAgentQueue,
  type TDailyReport,
  type TDailyReportSettings,
  type TDaySummary,
  type THomeNumbers,
} from '@cod/shared';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { withSystem, withTenant } from '../../db/tenant-context.js';
import { REPORT_LABELS, isReportLocale, type TReportLocale } from '../../documents/daily-report-labels.js';
import { reportRows } from '../../documents/daily-report-pdf.js';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { messageBody } from '../../lib/message-body.js';
import { parse } from '../../lib/validate.js';
import { recordSettingsAudit } from '../audit/audit.service.js';
import { agentCommissionInTx } from '../commissions/commissions.service.js';
import { sendMail } from '../mail/mail.service.js';
import * as repo from './daily-report.repository.js';

/** Who asks for the home numbers or a report: the session's shop, zone and order scope. */
export interface TReportActor {
  tenantId: number;
  userId: number;
  timeZone: string;
  /** 'view all orders': sees the shop's day; without it, their own queue. */
  seesAll: boolean;
}

const ZReportQuery = z.object({ day: ZReportDay.optional() });
const ZPdfQuery = z.object({ day: ZReportDay.optional(), locale: z.enum(['en', 'fr', 'ar']).optional() });

function summaryOf(day: string, timeZone: string, counts: repo.TDayCounts): TDaySummary {
  return {
    day,
    time_zone: timeZone,
    created: counts.created,
    decided: counts.decided,
    confirmed: counts.confirmed,
    cancelled: counts.cancelled,
    dispatched: counts.dispatched,
    delivered: counts.delivered,
    returned: counts.returned,
    revenue_delivered: centimes(counts.revenue_centimes),
    ...dayRates(counts),
  };
}

/** A shop's day and the day before, its agents, its open work: what the page, PDF and mail show. */
export async function buildReport(tx: Tx, tenantId: number, day: string): Promise<TDailyReport> {
  const shop = await repo.shopOf(tx, tenantId);
  const before = previousDay(day);
  const window = dayWindow(day, shop.time_zone);
  return {
    shop_name: shop.shop_name,
    summary: summaryOf(day, shop.time_zone, await repo.dayCounts(tx, tenantId, window)),
    previous: summaryOf(before, shop.time_zone, await repo.dayCounts(tx, tenantId, dayWindow(before, shop.time_zone))),
    agents: await repo.agentsOfDay(tx, tenantId, window),
    open_undecided: await repo.openUndecided(tx, tenantId),
  };
}

/** The day a request names, or yesterday in the shop's zone. */
const dayOrYesterday = (day: string | undefined, timeZone: string, now: Date) =>
  day ?? previousDay(dayIn(now, timeZone));

/** GET /dashboard/reports/daily?day=YYYY-MM-DD (default yesterday). */
export function getDailyReport(deps: TAppDeps, actor: TReportActor, query: unknown, now = new Date()) {
  const { day } = parse(ZReportQuery, query);
  const reportDay = dayOrYesterday(day, actor.timeZone, now);
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const report = await buildReport(tx, actor.tenantId, reportDay);
    const { daily_report_hour } = await repo.shopOf(tx, actor.tenantId);
    return { data: report, settings: { daily_report_hour } };
  });
}

/** The report and the language of GET /dashboard/reports/daily/pdf. */
export async function getDailyReportForPdf(
  deps: TAppDeps,
  actor: TReportActor,
  query: unknown,
  fallbackLocale: string,
  now = new Date(),
): Promise<{ report: TDailyReport; locale: TReportLocale }> {
  const parsed = parse(ZPdfQuery, query);
  const reportDay = dayOrYesterday(parsed.day, actor.timeZone, now);
  const report = await withTenant(deps.db, actor.tenantId, (tx) => buildReport(tx, actor.tenantId, reportDay));
  const locale = parsed.locale ?? (isReportLocale(fallbackLocale) ? fallbackLocale : 'fr');
  return { report, locale };
}

/** GET /dashboard/home: today's numbers for the signed-in user (issue 14.3). */
export function getHomeNumbers(deps: TAppDeps, actor: TReportActor, now = new Date()): Promise<THomeNumbers> {
  const today = dayIn(now, actor.timeZone);
  const window = dayWindow(today, actor.timeZone);
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const open = await repo.agentQueue(tx, actor.tenantId, actor.userId, window.to);
    // A manager who also takes calls sees their queue too; an agent always sees theirs.
    const queue =
      !actor.seesAll || open.to_call + open.callbacks_due > 0 ? await queueOf(tx, actor, open, today) : null;
    const shop = actor.seesAll
      ? summaryOf(today, actor.timeZone, await repo.dayCounts(tx, actor.tenantId, window))
      : null;
    return { today, time_zone: actor.timeZone, queue, shop };
  });
}

async function queueOf(
  tx: Tx,
  actor: TReportActor,
  open: { to_call: number; callbacks_due: number },
  today: string,
): Promise<TAgentQueue> {
  const mine = await repo.dayCounts(tx, actor.tenantId, dayWindow(today, actor.timeZone), actor.userId);
  const setting = await repo.commissionSetting(tx, actor.tenantId, actor.userId);
  const type = setting?.commission_type ?? 'none';
  const on = setting?.commission_on ?? 'delivered';
  // Issue 13.5: what the commission ledger holds for the month (docs/decisions/0102), net of reversals.
  const ledger = await agentCommissionInTx(tx, actor.tenantId, actor.userId, monthWindow(today, actor.timeZone));
  const earned = centimes(ledger.earned);
  return { ...open, confirmed_today: mine.confirmed, commission: { type, on, orders: ledger.orders, earned } };
}

// ---------------------------------------------------------------- settings

export function getReportSettings(deps: TAppDeps, actor: TActor): Promise<TDailyReportSettings> {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const { daily_report_hour } = await repo.shopOf(tx, actor.tenantId);
    return { daily_report_hour };
  });
}

/** PUT /dashboard/reports/daily/settings: the hour of the mail (null: none), audited. */
export function updateReportSettings(deps: TAppDeps, actor: TActor, body: unknown) {
  const values = parse(ZDailyReportSettings, body);
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const before = await repo.shopOf(tx, actor.tenantId);
    await repo.setReportHour(tx, actor.tenantId, values.daily_report_hour);
    if (before.daily_report_hour !== values.daily_report_hour) {
      await recordSettingsAudit(tx, actor, {
        before: { daily_report_hour: before.daily_report_hour },
        after: { daily_report_hour: values.daily_report_hour },
      });
    }
    return { ...messageBody(m('reports.settings_saved')), settings: values };
  });
}

// ---------------------------------------------------------------- the mail

/** The hour of the day (0-23) at an instant in a zone. */
function hourIn(now: Date, timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now);
  return Number(hour);
}

/** The mail's text: the figures of the day beside the day before's, and the agents. */
export function reportMail(report: TDailyReport, locale: TReportLocale, ownerName: string) {
  const labels = REPORT_LABELS[locale];
  const lines = reportRows(report, locale).map(([label, day, before]) =>
    before ? `- ${label}: ${day} (${labels.previous}: ${before})` : `- ${label}: ${day}`,
  );
  const agents = report.agents.length
    ? report.agents.map(
        (a) =>
          `- ${a.name}: ${labels.agentColumns.decided} ${a.decided}, ${labels.agentColumns.confirmed} ${a.confirmed}, ` +
          `${labels.agentColumns.delivered} ${a.delivered}`,
      )
    : [labels.none];
  return {
    subject: labels.subject(report.shop_name, report.summary.day),
    body: [
      labels.greeting(ownerName),
      '',
      labels.intro(report.summary.day),
      '',
      ...lines,
      '',
      `${labels.agents}:`,
      ...agents,
      '',
      labels.footer,
    ].join('\n'),
  };
}

export interface TMailRun {
  /** Shops whose report this run sent. */
  sent: Array<{ tenantId: number; day: string; recipients: number }>;
}

/**
 * The daily report mails due at `now` (docs/decisions/0082): for every shop whose hour has come in
 * its own zone today, the report of its yesterday, once. Each shop is one transaction that claims
 * (tenant, day) in daily_report_sends and writes the mails to the outbox: a second run, another
 * instance at the same minute or a retry finds the claim and sends nothing; a failure rolls both
 * back and the next tick tries again. `tenantIds` narrows a run (tests).
 */
export async function runDailyReportMails(
  db: Db,
  log: FastifyBaseLogger,
  now: Date,
  options: { tenantIds?: readonly number[] } = {},
): Promise<TMailRun> {
  const sent: TMailRun['sent'] = [];
  for (const timeZone of await withSystem(db, (tx) => repo.reportZones(tx))) {
    const day = previousDay(dayIn(now, timeZone));
    const due = { timeZone, localHour: hourIn(now, timeZone), day, dayStart: dayWindow(day, timeZone).to };
    for (const tenantId of await withSystem(db, (tx) => repo.shopsDue(tx, due))) {
      if (options.tenantIds && !options.tenantIds.includes(tenantId)) continue;
      const outcome = await withSystem(db, async (tx) => {
        if (!(await repo.claimSend(tx, tenantId, day))) return null;
        const report = await buildReport(tx, tenantId, day);
        const owners = await repo.ownersOf(tx, tenantId);
        for (const owner of owners) {
          const locale = isReportLocale(owner.locale) ? owner.locale : 'fr';
          await sendMail(tx, log, { tenantId, to: owner.email, ...reportMail(report, locale, owner.name) });
        }
        await repo.recordRecipients(tx, tenantId, day, owners.length);
        return { tenantId, day, recipients: owners.length };
      });
      if (outcome) sent.push(outcome);
    }
  }
  return { sent };
}
