import { ZAuditLogQuery, type TAuditLogEntry, type TAuditLogFilters, type TPaged } from '@cod/shared';
import { withTenant } from '../../db/tenant-context.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { parse } from '../../lib/validate.js';
import * as repo from './audit-log.repository.js';
import { maskChanges } from './mask-changes.js';

/** Who is reading: the shop, and its time zone (the filter's days are the shop's days). */
export interface TAuditReader {
  tenantId: number;
  timeZone: string;
}

const EXPORT_PAGE = 1000;
/** One export is bounded like the orders export (decision 0034). */
export const MAX_EXPORT_ENTRIES = 100_000;

function filterOf(reader: TAuditReader, query: ReturnType<typeof parseQuery>): repo.TAuditFilter {
  return {
    userId: query.user_id,
    entity: query.entity,
    dateFrom: query.date_from,
    dateTo: query.date_to,
    timeZone: reader.timeZone,
  };
}

const parseQuery = (input: unknown) => parse(ZAuditLogQuery, input);

export function entryOf(row: repo.TAuditRow): TAuditLogEntry {
  return {
    id: Number(row.id),
    created_at: new Date(row.created_at).toISOString(),
    user: row.user_id !== null ? { id: row.user_id, name: row.user_name ?? `#${row.user_id}` } : null,
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    changes: maskChanges(row.changes ?? {}) as Record<string, unknown>,
    ip: row.ip,
  };
}

/** Issue 18.6: one page of the shop's audit log, newest first, secrets masked. */
export async function listAuditLog(
  deps: TAppDeps,
  reader: TAuditReader,
  input: unknown,
): Promise<TPaged<TAuditLogEntry>> {
  const query = parseQuery(input);
  const filter = filterOf(reader, query);
  return withTenant(deps.db, reader.tenantId, async (tx) => {
    const [data, total] = await Promise.all([
      repo.listEntries(tx, reader.tenantId, filter, {
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      }),
      repo.countEntries(tx, reader.tenantId, filter),
    ]);
    return { data: data.map(entryOf), total };
  });
}

export function listAuditFilters(deps: TAppDeps, tenantId: number): Promise<TAuditLogFilters> {
  return withTenant(deps.db, tenantId, (tx) => repo.filterValues(tx, tenantId));
}

/**
 * The entries of an export, newest first, a page per short transaction (as the orders export
 * does, decision 0044): a long export never holds one transaction open. Validated before the
 * first row is read, so a bad filter is a 422 and not a broken file.
 */
export function exportAuditLog(deps: TAppDeps, reader: TAuditReader, input: unknown): AsyncGenerator<TAuditLogEntry> {
  const filter = filterOf(reader, parseQuery(input));
  return (async function* pages() {
    let beforeId = Number.MAX_SAFE_INTEGER;
    let sent = 0;
    while (sent < MAX_EXPORT_ENTRIES) {
      const page = await withTenant(deps.db, reader.tenantId, (tx) =>
        repo.listEntriesBefore(tx, reader.tenantId, filter, beforeId, EXPORT_PAGE),
      );
      for (const row of page) yield entryOf(row);
      sent += page.length;
      if (page.length < EXPORT_PAGE) return;
      beforeId = Number(page.at(-1)!.id);
    }
  })();
}
