import type { TAuditLogEntry } from '@cod/shared';

const HEADER = ['date', 'user', 'action', 'entity', 'entity_id', 'ip', 'changes'];

/** RFC 4180 quoting; a cell a spreadsheet would run as a formula starts with a quote. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** "2026-11-25 14:03" in the shop's time zone. */
function shopTime(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/**
 * Issue 18.6: the audit log as CSV (UTF-8 with a BOM so Excel reads Arabic names), one line per
 * entry, `changes` as its masked JSON.
 */
export async function* auditCsvLines(entries: AsyncIterable<TAuditLogEntry>, timeZone: string): AsyncGenerator<string> {
  yield `\ufeff${HEADER.join(',')}\r\n`;
  for await (const entry of entries) {
    const cells = [
      shopTime(entry.created_at, timeZone),
      entry.user?.name ?? '',
      entry.action,
      entry.entity,
      entry.entity_id ?? '',
      entry.ip ?? '',
      JSON.stringify(entry.changes),
    ];
    yield `${cells.map(csvCell).join(',')}\r\n`;
  }
}

export function auditCsvFileName(now = new Date()): string {
  return `audit_log_export_${now.toISOString().slice(0, 19).replace(/[-:T]/g, '')}.csv`;
}
