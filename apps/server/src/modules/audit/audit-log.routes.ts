import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sessionOfRequest } from '../../http/access-guard.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { auditCsvFileName, auditCsvLines } from './audit-log-csv.js';
import { exportAuditLog, listAuditFilters, listAuditLog } from './list-audit-log.js';

/** Issue 18.6 (docs/decisions/0061): the audit log screen's list, filters and CSV export. */
export function registerAuditLogRoutes(app: FastifyInstance, deps: TAppDeps): void {
  const readerOf = (request: Parameters<typeof sessionOfRequest>[0]) => {
    const session = sessionOfRequest(request);
    return { tenantId: session.tenantId, timeZone: session.timeZone };
  };

  app.get('/dashboard/audit-log', { config: { access: 'view audit-log' } }, (request) =>
    listAuditLog(deps, readerOf(request), request.query),
  );

  app.get('/dashboard/audit-log/filters', { config: { access: 'view audit-log' } }, (request) =>
    listAuditFilters(deps, readerOf(request).tenantId),
  );

  // Streamed as it is read, like the orders export (decision 0034); the web fetches it with the bearer.
  app.get('/dashboard/audit-log/export', { config: { access: 'view audit-log' } }, (request, reply) => {
    const reader = readerOf(request);
    const entries = exportAuditLog(deps, reader, request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${auditCsvFileName()}"`)
      .header('access-control-expose-headers', 'content-disposition')
      .send(Readable.from(auditCsvLines(entries, reader.timeZone)));
  });
}
