import type { ComponentType } from 'react';
import { appI18n, loadLocalePart } from '../../lib/i18n';

/**
 * The central screens by route (SPEC 2.3), each its own chunk, shown once the central strings are
 * loaded. The public ones (landing page, sign-up, success) live in the guest frame (routes.tsx).
 */
const PAGES: Record<string, () => Promise<ComponentType>> = {
  'auth/login': () => import('./central-login-page').then((m) => m.CentralLoginPage),
  'tenants/show': () => import('./tenants-page').then((m) => m.TenantsPage),
  'tenants/create': () => import('./tenant-create-page').then((m) => m.TenantCreatePage),
  dashboard: () => import('./central-dashboard-page').then((m) => m.CentralDashboardPage),
  subscriptions: () => import('./subscriptions-page').then((m) => m.SubscriptionsPage),
  plans: () => import('./plans-page').then((m) => m.PlansPage),
  payments: () => import('./payments-page').then((m) => m.PaymentsPage),
  'payments/create': () => import('./payment-create-page').then((m) => m.PaymentCreatePage),
  waitinglist: () => import('./waiting-list-page').then((m) => m.WaitingListPage),
  tutorials: () => import('./central-tutorials-page').then((m) => m.CentralTutorialsPage),
  'auth/landingpage': () => import('../landing/landing-page').then((m) => m.LandingPage),
  'auth/register': () => import('../register/register-page').then((m) => m.RegisterPage),
  'auth/successpage': () => import('../register/register-success-page').then((m) => m.RegisterSuccessPage),
};

export const isBuiltCentralPage = (path: string) => Object.hasOwn(PAGES, path);

export async function loadCentralPage(path: string): Promise<{ Component: ComponentType }> {
  const [Component] = await Promise.all([PAGES[path]!(), loadLocalePart(appI18n, 'central')]);
  return { Component };
}

export async function loadCentralLayout(): Promise<{ Component: ComponentType }> {
  const [m] = await Promise.all([import('./central-layout'), loadLocalePart(appI18n, 'central')]);
  return { Component: m.CentralLayout };
}
