import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { writeDailyReportPdf } from '../../documents/daily-report-pdf.js';
import { actorOf, readerOf } from '../../http/actor.js';
import { sessionOfRequest } from '../../http/access-guard.js';
import type { TAppDeps } from '../../http/app-deps.js';
import * as service from './daily-report.service.js';

/** Issue 14.3-14.4: the home page's numbers and the daily report (page, PDF, mail settings). */
export function registerDailyReportRoutes(app: FastifyInstance, deps: TAppDeps): void {
  app.get('/dashboard/home', { config: { access: 'authenticated' } }, (request) =>
    service.getHomeNumbers(deps, readerOf(request)),
  );

  app.get('/dashboard/reports/daily', { config: { access: 'view all orders' } }, (request) =>
    service.getDailyReport(deps, readerOf(request), request.query),
  );

  // Fetched by the SPA with its bearer header and shown from a blob: no link to mint or spend.
  app.get('/dashboard/reports/daily/pdf', { config: { access: 'view all orders' } }, async (request, reply) => {
    const session = sessionOfRequest(request);
    const { report, locale } = await service.getDailyReportForPdf(
      deps,
      readerOf(request),
      request.query,
      session.user.locale ?? 'fr',
    );
    const stream = new PassThrough();
    writeDailyReportPdf({ stream, report, locale }).catch((error: unknown) => stream.destroy(error as Error));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="daily-report-${report.summary.day}.pdf"`)
      .header('access-control-expose-headers', 'content-disposition')
      .header('cache-control', 'no-store')
      .send(stream);
  });

  app.get('/dashboard/reports/daily/settings', { config: { access: 'view all orders' } }, (request) =>
    service.getReportSettings(deps, actorOf(request)),
  );
  app.put('/dashboard/reports/daily/settings', { config: { access: 'manage settings' } }, (request) =>
    service.updateReportSettings(deps, actorOf(request), request.body),
  );
}
