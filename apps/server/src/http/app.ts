import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TConfig } from '../config.js';
import { configureOutbound } from '../lib/outbound-guard.js';
import type { Database } from '../db/client.js';
import { registerAuthRoutes } from '../modules/auth/auth.routes.js';
import { registerCentralRoutes } from '../modules/central/central.routes.js';
import { registerPaymentRoutes } from '../modules/payments/payments.routes.js';
import { registerChargilyRoutes } from '../modules/payments/chargily.routes.js';
import { registerSignupRoutes } from '../modules/register/register.routes.js';
import { registerWaitingListRoutes } from '../modules/waiting-list/waiting-list.routes.js';
import { registerPlanRoutes } from '../modules/plans/plans.routes.js';
import { registerTutorialRoutes } from '../modules/tutorials/tutorials.routes.js';
import { registerSubscriptionRoutes } from '../modules/subscriptions/subscriptions.routes.js';
import { registerCustomerRoutes } from '../modules/customers/customers.routes.js';
import { registerDailyReportRoutes } from '../modules/daily-report/daily-report.routes.js';
import { registerAnalyticsRoutes } from '../modules/analytics/analytics.routes.js';
import { registerCashBoxRoutes } from '../modules/cash-boxes/cash-boxes.routes.js';
import { registerExportRoutes } from '../modules/exports/exports.routes.js';
import { registerCommissionRoutes } from '../modules/commissions/commissions.routes.js';
import { registerExpenseRoutes } from '../modules/expenses/expenses.routes.js';
import { registerProfitRoutes } from '../modules/profit/profit.routes.js';
import { registerIncomeRoutes } from '../modules/incomes/incomes.routes.js';
import { registerRemittanceRoutes } from '../modules/remittances/remittances.routes.js';
import { registerImportRoutes } from '../modules/imports/imports.routes.js';
import { registerIntakeRoutes } from '../modules/orders/intake.routes.js';
import { registerOrderRoutes } from '../modules/orders/orders.routes.js';
import { orderListCache } from '../modules/orders/order-list-cache.js';
import { registerCallAttemptRoutes } from '../modules/call-attempts/call-attempts.routes.js';
import { registerPagePropsRoutes } from '../modules/page-props/page-props.routes.js';
import { registerProfileRoutes } from '../modules/profile/profile.routes.js';
import { registerShopSettingsRoutes } from '../modules/shop-settings/shop-settings.routes.js';
import { registerAssignmentRoutes } from '../modules/assignment/assignment.routes.js';
import { registerWhatsAppTemplateRoutes } from '../modules/whatsapp-templates/whatsapp-templates.routes.js';
import { registerAuditLogRoutes } from '../modules/audit/audit-log.routes.js';
import { registerProductPermissionRoutes } from '../modules/product-permissions/product-permissions.routes.js';
import { localImageStore } from '../modules/products/product-images.js';
import { registerProductImageRoutes } from '../modules/products/product-images.routes.js';
import { registerProductRoutes } from '../modules/products/products.routes.js';
import { registerProviderRoutes } from '../modules/providers/providers.routes.js';
import { registerReferenceRoutes } from '../modules/reference/reference.routes.js';
import { registerSalesChannelRoutes } from '../modules/sales-channels/sales-channels.routes.js';
import { registerShippingCompanyRoutes } from '../modules/shipping-companies/shipping-companies.routes.js';
import { registerShippingRoutes } from '../modules/shipping/shipping.routes.js';
import { registerStatusRoutes } from '../modules/statuses/statuses.routes.js';
import { registerStockRoutes } from '../modules/stock/stock.routes.js';
import { registerUserRoutes } from '../modules/users/users.routes.js';
import { registerRoleRoutes } from '../modules/roles/roles.routes.js';
import { registerWebhookRoutes } from '../modules/webhooks/webhooks.routes.js';
import { registerCarrierAdviceRoutes } from '../modules/carrier-advice/carrier-advice.routes.js';
import { attachRealtime } from '../realtime/realtime.js';
import { registerAccessGuard, type TRouteRecord } from './access-guard.js';
import { registerEdgeInput } from './edge-input.js';
import { registerErrorHandler } from './error-handler.js';
import { registerLoadShedding } from './load-shedding.js';
import { registerShopGate, shopGateLimits } from './shop-gate.js';
import { loggerOptions, type TLogDestination } from './logger.js';
import { registerSpa } from './spa.js';

export interface TApp {
  app: FastifyInstance;
  routes: TRouteRecord[];
}

/** `logStream`: where the log lines go instead of stdout (a test that reads them). */
export async function buildApp(
  config: TConfig,
  database: Database,
  options: { logStream?: TLogDestination } = {},
): Promise<TApp> {
  // Every outgoing request's destination rules (docs/decisions/0037).
  configureOutbound({ allowPrivate: config.OUTBOUND_ALLOW_PRIVATE });
  const app = Fastify({
    // No secret in any log line (docs/decisions/0142).
    logger: loggerOptions(config, options.logStream),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    // Signed one-use links (parcel tickets, webhooks) carry their token as a path parameter,
    // longer than Fastify's 100-character default (which answers 414).
    routerOptions: { maxParamLength: 512 },
  });
  const deps = { db: database.db, config, log: app.log };

  await app.register(helmet, {
    // ARCHITECTURE 3.3: CSP without inline script; emotion needs inline style elements.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Answers over 1 KB in br/gzip when the client accepts it (docs/decisions/0074): JSON lists mostly.
  // The SPA's files go out precompressed (spa.ts); images, PDFs and spreadsheets are left alone;
  // Socket.IO never passes through Fastify's replies.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  registerErrorHandler(app);
  // A saturated server answers 503 before spending a connection on authentication (decision 0144).
  await registerLoadShedding(app, {
    maxEventLoopDelayMs: config.SHED_EVENT_LOOP_DELAY_MS,
    maxPoolWaiting: config.SHED_POOL_WAITING ?? 2 * database.connections.size,
    poolWaiting: database.connections.waiting,
  });
  // Before any route, so every scope (the intake API, uploads, webhooks) inherits it.
  registerEdgeInput(app);
  // One shop's flood cannot take the others' share (decision 0144): a known token waits in its
  // shop's line before authentication, a token's first request once authentication names the shop.
  const shopGate = registerShopGate(app, shopGateLimits(config, database.connections.size));
  const routes = registerAccessGuard(app, deps);
  shopGate.afterAuthentication();

  app.get('/health', { config: { access: 'public' } }, () => ({ status: 'ok', database: database.kind }));
  registerAuthRoutes(app, deps);
  registerReferenceRoutes(app, deps);
  registerPagePropsRoutes(app, deps, config.appUrl);
  registerStatusRoutes(app, deps);
  registerUserRoutes(app, { ...deps, appUrl: config.appUrl, log: app.log });
  registerRoleRoutes(app, deps);
  registerCentralRoutes(app, deps);
  // Issue 19: central plans, subscriptions and payments (receipts under the data directory).
  registerPlanRoutes(app, deps);
  registerSubscriptionRoutes(app, deps);
  await registerPaymentRoutes(app, { ...deps, receiptsDir: `${config.dataDir}/receipts` });
  // Issue 19.5 and 19.4: public sign-up, the waiting list and Chargily Pay (docs/decisions/0097-0098).
  const signupDeps = { ...deps, appUrl: config.appUrl, log: app.log };
  registerSignupRoutes(app, signupDeps);
  registerWaitingListRoutes(app, signupDeps);
  await registerChargilyRoutes(app, {
    ...signupDeps,
    chargilyMode: config.CHARGILY_MODE,
    chargilySecretKey: config.CHARGILY_SECRET_KEY,
  });
  // Issue 19.9: tutorials, written centrally, read by shops (docs/decisions/0100).
  await registerTutorialRoutes(app, { ...deps, tutorialsDir: `${config.dataDir}/tutorials` });
  const imageStore = localImageStore(config.dataDir);
  registerProductRoutes(app, { ...deps, store: imageStore });
  await registerProductImageRoutes(app, { ...deps, store: imageStore });
  await registerProfileRoutes(app, { ...deps, store: imageStore, idleDays: config.TOKEN_IDLE_DAYS });
  await registerShopSettingsRoutes(app, { ...deps, store: imageStore });
  // Issue 15.3 / 15.4: automatic assignment settings and WhatsApp templates.
  registerAssignmentRoutes(app, deps);
  registerWhatsAppTemplateRoutes(app, deps);
  registerAuditLogRoutes(app, deps);
  registerProductPermissionRoutes(app, deps);
  registerProviderRoutes(app, deps);
  registerStockRoutes(app, deps);
  registerCustomerRoutes(app, deps);
  registerSalesChannelRoutes(app, deps);
  // Pages of the Orders list kept between writes (decision 0137).
  registerOrderRoutes(app, database.db, orderListCache(database.writeWatch));
  registerCallAttemptRoutes(app, deps);
  registerIntakeRoutes(app, database.db);
  registerShippingCompanyRoutes(app, deps);
  await registerShippingRoutes(app, deps);
  await registerImportRoutes(app, deps);
  registerExportRoutes(app, deps);
  registerCashBoxRoutes(app, deps);
  // Receipts of expenses and income under the data directory (docs/decisions/0105).
  registerExpenseRoutes(app, { ...deps, moneyDir: `${config.dataDir}/money` });
  registerIncomeRoutes(app, { ...deps, moneyDir: `${config.dataDir}/money` });
  await registerRemittanceRoutes(app, deps);
  // Issue 13.5-13.6: agent commissions and the profit of an order.
  registerCommissionRoutes(app, deps);
  registerProfitRoutes(app, deps);
  // Issue 14.3-14.4: the home page's numbers and the daily report.
  registerDailyReportRoutes(app, deps);
  registerAnalyticsRoutes(app, deps);
  // Issue 15.6-15.7: carrier advice and outbound webhooks.
  registerCarrierAdviceRoutes(app, deps);
  registerWebhookRoutes(app, deps);
  await registerSpa(app, config.webDistDir);
  // ARCHITECTURE 3.6: Socket.IO on this server's port; closes with the app (preClose hook).
  await attachRealtime(app, { database, config });

  return { app, routes };
}
