import type { Readable } from 'node:stream';
import { m, parseDZD, type TAdSpendRow } from '@cod/shared';
import { AppError, type TErrorText } from '../../lib/app-error.js';
import { readMoneySheet } from '../remittances/statement-file.js';

const DATE = /^(date|day|jour|reporting.?start|d[ée]but|تاريخ)/i;
const CAMPAIGN_ID = /campaign.?id|id.?(de.?la.?)?campagne|معرف.?الحملة/i;
const CAMPAIGN = /campaign|campagne|حملة/i;
const AMOUNT = /amount|spen[dt]|montant|d[ée]pens|cost|co[uû]t|مبلغ|إنفاق/i;

/** A day from the export: 2026-11-21 (or an ISO time), 21/11/2026, 21-11-2026, 21.11.2026. */
export function adSpendDay(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(value);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const [y, mo, d] = iso
    ? [iso[1]!, iso[2]!, iso[3]!]
    : dmy
      ? [dmy[3]!, dmy[2]!.padStart(2, '0'), dmy[1]!.padStart(2, '0')]
      : [];
  if (!y) return null;
  const day = `${y}-${mo}-${d}`;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day ? day : null;
}

/**
 * An ads manager's export (CSV/XLSX: date, campaign_id, amount in dinars) into rows, each checked;
 * the rows in error are listed by line (docs/decisions/0105). The upload is the statement's (the
 * import's checks), read by the money module's sheet reader.
 */
export async function readAdSpend(upload: { source: Readable; fileName: string }) {
  const rows: TAdSpendRow[] = [];
  const errors: TErrorText[] = [];
  await readMoneySheet({
    upload,
    columns: (headers) => {
      const date = headers.find((h) => DATE.test(h.trim()));
      const amount = headers.find((h) => h !== date && AMOUNT.test(h));
      const campaign = headers.find((h) => CAMPAIGN_ID.test(h)) ?? headers.find((h) => CAMPAIGN.test(h));
      return date && amount ? { date, amount, campaign } : null;
    },
    missingColumns: AppError.validation({ file: [m('money.ad_spend_columns')] }),
    onRow: (row, { date, amount, campaign }) => {
      const cells = [row.cells[date], row.cells[amount], campaign ? row.cells[campaign] : ''];
      if (cells.every((c) => !(c ?? '').trim())) return;
      const line = row.rowNumber;
      const day = adSpendDay(row.cells[date] ?? '');
      const spent = parseDZD(row.cells[amount] ?? '');
      const campaignId = (campaign ? (row.cells[campaign] ?? '') : '').trim();
      const before = errors.length;
      if (!day) errors.push(m('money.ad_spend_line_date', { line }));
      if (spent === null || spent <= 0 || spent > 99_999_999_999_999)
        errors.push(m('money.ad_spend_line_amount', { line }));
      if (campaignId.length > 190) errors.push(m('money.ad_spend_line_campaign', { line }));
      if (errors.length === before)
        rows.push({ line, occurred_on: day!, campaign_id: campaignId || null, amount_centimes: spent! });
    },
  });
  if (!rows.length && !errors.length) throw AppError.validation({ file: [m('money.ad_spend_empty')] });
  return { rows, errors };
}
