import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ZAnalyticsExport, ZAnalyticsQuery } from '@cod/shared';
import { neutraliseFormula, writeXlsx } from '../../files/xlsx-writer.js';
import { sessionOfRequest } from '../../http/access-guard.js';
import { readerOf } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { parse } from '../../lib/validate.js';
import { accountingReport, agentCommissionsReport } from './accounting.service.js';
import { analyticsReport } from './analytics.service.js';

/** Issue 14.2: the analytics views' data (SPEC 2.2: analytics uses the orders slug). */
export function registerAnalyticsRoutes(app: FastifyInstance, deps: TAppDeps): void {
  app.get('/dashboard/analytics/report', { config: { access: 'view orders' } }, async (request) => {
    return analyticsReport(deps, readerOf(request), parse(ZAnalyticsQuery, request.query));
  });

  // Decision 0116: the accounting view's money (costs and profit: the accounting group's permission).
  app.get('/dashboard/analytics/accounting', { config: { access: 'view accounting' } }, async (request) => {
    return accountingReport(deps, readerOf(request), parse(ZAnalyticsQuery, request.query));
  });

  // Decision 0117: commission earned per agent (the ledger); others' rows need 'view accounting'.
  app.get('/dashboard/analytics/commissions', { config: { access: 'view orders' } }, async (request) => {
    return agentCommissionsReport(
      deps,
      { ...readerOf(request), seesAccounting: sessionOfRequest(request).permissions.has('view accounting') },
      parse(ZAnalyticsQuery, request.query),
    );
  });

  // Every chart's table fallback exports what it shows (issue 14.5), through the shared XLSX writer.
  app.post('/dashboard/analytics/export', { config: { access: 'view orders' } }, async (request, reply) => {
    const input = parse(ZAnalyticsExport, request.body);
    const stream = new PassThrough();
    const cell = (v: string | number | null) => (typeof v === 'string' ? neutraliseFormula(v) : v);
    writeXlsx({
      stream,
      sheets: [
        {
          name: input.name,
          columns: input.columns.map((header) => ({ header: neutraliseFormula(header), width: 16 })),
          rows: input.rows.map((row) => row.map(cell)),
        },
      ],
    }).catch((error: unknown) => stream.destroy(error as Error));
    const file = `analytics_${input.name.replace(/[^A-Za-z0-9_-]+/g, '_')}.xlsx`;
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${file}"`)
      .header('access-control-expose-headers', 'content-disposition')
      .send(stream);
  });
}
