import { NAVIGATION, type TNavLink } from '@cod/shared';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { appI18n, loadLocalePart, type TLocalePart } from '../lib/i18n';
import { Preloader } from '../layouts/components/preloader';
import { aliasTo, redirectHome, requireGuest, requireSignedIn } from './route-guards';
import type { TRouteHandle } from './route-handle';

// Every page and layout is its own chunk (ARCHITECTURE 3.10, brief: login first paint < 250 KB gz).
const defaultLayout = () => import('../layouts/default-layout').then((m) => ({ Component: m.DefaultLayout }));
const guestLayout = () => import('../layouts/guest-layout').then((m) => ({ Component: m.GuestLayout }));
const blankLayout = () => import('../layouts/blank-layout').then((m) => ({ Component: m.BlankLayout }));
const modulePage = () => import('./pages/module-page').then((m) => ({ Component: m.ModulePage }));
/** A screen in its own chunk, shown once the locale parts it reads are loaded too. */
function lazyPage<M>(parts: readonly TLocalePart[], load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return () =>
    Promise.all([load(), Promise.all(parts.map((part) => loadLocalePart(appI18n, part)))]).then(([module]) => ({
      Component: pick(module),
    }));
}

// Issue 14: the analytics views, with their strings and the chart library in the same lazy chunk.
const analyticsPage = lazyPage(
  ['analytics'],
  () => import('../features/analytics/analytics-page'),
  (m) => m.AnalyticsPage,
);

/** A catalogue screen (issue 3): its own chunk, shown once its strings are loaded too. */
function cataloguePage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazyPage(['catalogue'], load, pick);
}

/** A money screen (issue 13): its own chunk, with the money strings and the lists' (catalogue) ones. */
function moneyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazyPage(['catalogue', 'money'], load, pick);
}

/** A team screen (issue 18): its own chunk, with the team strings and the lists' (catalogue) ones. */
function teamPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazyPage(['catalogue', 'team'], load, pick);
}

/** The sidebar's screens by path; a link without one shows the module page. */
const SIDEBAR_SCREENS: Record<string, RouteObject['lazy']> = {
  // Issue 14.3: today's numbers, with the reports strings.
  '/dashboard': lazyPage(
    ['reports'],
    () => import('../features/home/home-page'),
    (m) => m.HomePage,
  ),
  '/dashboard/profile': lazyPage(
    ['admin'],
    () => import('../features/profile/profile-page'),
    (m) => m.ProfilePage,
  ),
  '/dashboard/analytics': analyticsPage,
  // Issue 4: the Orders screen, with its own strings and the catalogue's (lists, customer summary).
  '/dashboard/orders': lazyPage(
    ['catalogue', 'orders', 'operations', 'assignment', 'webhooks', 'callcentre'],
    () => import('../features/orders/orders-page'),
    (m) => m.OrdersPage,
  ),
  '/dashboard/products': cataloguePage(
    () => import('../features/products/products-page'),
    (m) => m.ProductsPage,
  ),
  '/dashboard/providers': cataloguePage(
    () => import('../features/providers/providers-page'),
    (m) => m.ProvidersPage,
  ),
  '/dashboard/stock': cataloguePage(
    () => import('../features/stock/stock-page'),
    (m) => m.StockPage,
  ),
  '/dashboard/customers': cataloguePage(
    () => import('../features/customers/customers-page'),
    (m) => m.CustomersPage,
  ),
  // Issue 7.4: the users list with their presence (read-only until the users module).
  // Issue 18.1-18.3: the team, roles and statuses screens, with their strings (locales/team).
  '/dashboard/users': teamPage(
    () => import('../features/users/users-page'),
    (m) => m.UsersPage,
  ),
  '/dashboard/roles-permissions': teamPage(
    () => import('../features/roles/roles-page'),
    (m) => m.RolesPage,
  ),
  '/dashboard/statuses': teamPage(
    () => import('../features/statuses/statuses-page'),
    (m) => m.StatusesPage,
  ),
  '/dashboard/sales-channels': cataloguePage(
    () => import('../features/sales-channels/sales-channels-page'),
    (m) => m.SalesChannelsPage,
  ),
  // Issue 13: the accounting group's screens, with the money strings.
  '/dashboard/cases': moneyPage(
    () => import('../features/cash-boxes/cases-page'),
    (m) => m.CasesPage,
  ),
  '/dashboard/expenses': moneyPage(
    () => import('../features/expenses/expenses-page'),
    (m) => m.ExpensesPage,
  ),
  '/dashboard/incomes': moneyPage(
    () => import('../features/incomes/incomes-page'),
    (m) => m.IncomesPage,
  ),
  // Issue 18.5-18.6: the system group's shop settings and audit log.
  '/dashboard/shop-settings': lazyPage(
    ['admin', 'assignment', 'webhooks', 'callcentre'],
    () => import('../features/shop-settings/shop-settings-page'),
    (m) => m.ShopSettingsPage,
  ),
  // The list frame's strings (lists.*) come with the catalogue part.
  '/dashboard/audit-log': lazyPage(
    ['admin', 'catalogue'],
    () => import('../features/audit-log/audit-log-page'),
    (m) => m.AuditLogPage,
  ),
  // Issue 5: carriers, credentials, fees and stop desks.
  '/dashboard/shipping-companies': lazyPage(
    ['operations'],
    () => import('../features/shipping-companies/shipping-companies-page'),
    (m) => m.ShippingCompaniesPage,
  ),
};

const SIDEBAR_LINKS: { link: TNavLink; groupKey?: string }[] = NAVIGATION.flatMap((entry) =>
  entry.kind === 'link'
    ? [{ link: entry }]
    : entry.kind === 'group'
      ? entry.children.map((link) => ({ link, groupKey: `nav.${entry.title}` }))
      : [],
);

function linkOf(to: string): TNavLink {
  const found = SIDEBAR_LINKS.find((item) => item.link.to === to);
  if (!found) throw new Error(`No sidebar entry for ${to}`);
  return found.link;
}

const AUTH: Pick<TRouteHandle, 'action' | 'subject'> = { action: 'read', subject: 'Auth' };

/** SPEC 2.2: one page per sidebar entry; home, profile and tutorials have their own screens. */
function sidebarRoutes(): RouteObject[] {
  return SIDEBAR_LINKS.map(({ link, groupKey }) => {
    const handle: TRouteHandle = {
      titleKey: `nav.${link.title}`,
      crumbKeys: groupKey ? [groupKey] : [],
      link,
    };
    return { path: link.to.slice(1), handle, lazy: SIDEBAR_SCREENS[link.to] ?? modulePage };
  });
}

/** SPEC 2.3 general and analytics routes that are pages of their own (not aliases). */
function otherSignedInRoutes(): RouteObject[] {
  const analytics = linkOf('/dashboard/analytics');
  const shipping = linkOf('/dashboard/shipping-companies');
  const page = (path: string, handle: TRouteHandle): RouteObject => ({ path, handle, lazy: modulePage });
  return [
    {
      path: 'dashboard/tutorials',
      handle: { titleKey: 'pages.tutorials', ...AUTH },
      lazy: () => import('./pages/tutorials-page').then((m) => ({ Component: m.TutorialsPage })),
    },
    { path: 'analytics', handle: { titleKey: 'nav.analytics', link: analytics }, lazy: analyticsPage },
    { path: 'analytics/:section', handle: { titleKey: 'nav.analytics', link: analytics }, lazy: analyticsPage },
    {
      // Issue 13.5: the agents' commissions of a month (an agent sees their own).
      path: 'dashboard/commissions',
      handle: { titleKey: 'pages.commissions', ...AUTH },
      lazy: lazyPage(
        ['catalogue', 'money', 'commissions'],
        () => import('../features/commissions/commissions-page'),
        (m) => m.CommissionsPage,
      ),
    },
    {
      // Issue 14.4: the daily report (page, PDF, mail hour).
      path: 'reports/daily',
      // The shop's day: for those who see every order ('view all orders' is read on 'all orders').
      handle: { titleKey: 'pages.daily_report', action: 'read', subject: 'all orders' },
      lazy: lazyPage(
        ['reports'],
        () => import('../features/daily-report/daily-report-page'),
        (m) => m.DailyReportPage,
      ),
    },
    {
      // SPEC 2.3: the create route opens the companies screen with its create dialog.
      path: 'shippingcompanies/create',
      handle: { titleKey: 'pages.shipping_company_create', crumbKeys: ['nav.shipping_companies'], link: shipping },
      lazy: lazyPage(
        ['operations'],
        () => import('../features/shipping-companies/shipping-companies-page'),
        (m) =>
          function CreateShippingCompany() {
            return <m.ShippingCompaniesPage initialDialog="create" />;
          },
      ),
    },
    // Editing starts from a company in the list, so the edit route shows the list.
    { path: 'shippingcompanies/edit', loader: aliasTo('/dashboard/shipping-companies') },
    {
      path: 'userproductpermissions',
      handle: {
        titleKey: 'pages.user_product_permissions',
        crumbKeys: ['nav.users'],
        link: linkOf('/dashboard/users'),
      },
      lazy: cataloguePage(
        () => import('../features/product-permissions/product-permissions-page'),
        (m) => m.ProductPermissionsPage,
      ),
    },
    page('cities', { titleKey: 'pages.cities', ...AUTH }),
    // SPEC 2.3 names them without contents: both open the analytics overview (docs/decisions/0080).
    { path: 'iconnode', loader: aliasTo('/dashboard/analytics') },
    { path: 'analytics/iconnode', loader: aliasTo('/dashboard/analytics') },
    page('second-page', { titleKey: 'pages.second_page', ...AUTH }),
  ];
}

/** SPEC 2.3 short names that are the same screens as the sidebar routes. */
const ALIASES: Record<string, string> = {
  home: '/dashboard',
  orders: '/dashboard/orders',
  products: '/dashboard/products',
  providers: '/dashboard/providers',
  stock: '/dashboard/stock',
  customers: '/dashboard/customers',
  users: '/dashboard/users',
  expenses: '/dashboard/expenses',
  incomes: '/dashboard/incomes',
  cases: '/dashboard/cases',
  statuses: '/dashboard/statuses',
  saleschannels: '/dashboard/sales-channels',
  shippingcompanies: '/dashboard/shipping-companies',
  rolespermissions: '/dashboard/roles-permissions',
  profile: '/dashboard/profile',
  userprofile: '/dashboard/profile',
  tutorials: '/dashboard/tutorials',
};

const CENTRAL_PAGES = [
  'tenants/show',
  'tenants/create',
  'dashboard',
  'auth/register',
  'auth/successpage',
  'auth/landingpage',
  'waitinglist',
  'subscriptions',
  'plans',
  'payments',
  'payments/create',
  // Issue 19.9: tutorials, written centrally (docs/decisions/0100).
  'tutorials',
];

const CENTRAL_BUILT = new Set([
  'waitinglist',
  'tenants/show',
  'tenants/create',
  'dashboard',
  'subscriptions',
  'plans',
  'payments',
  'payments/create',
  // Issue 19.9: tutorials, written centrally (docs/decisions/0100).
  'tutorials',
]);

const CENTRAL_PUBLIC = ['auth/landingpage', 'auth/register', 'auth/successpage'];

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: Preloader,
    lazy: () => import('./pages/route-error-page').then((m) => ({ ErrorBoundary: m.RouteErrorPage })),
    children: [
      { index: true, loader: redirectHome },
      ...Object.entries(ALIASES).map(([path, target]) => ({ path, loader: aliasTo(target) })),
      {
        loader: requireSignedIn,
        lazy: defaultLayout,
        children: [...sidebarRoutes(), ...otherSignedInRoutes()],
      },
      {
        loader: requireGuest,
        lazy: guestLayout,
        children: [
          {
            path: 'login',
            handle: { titleKey: 'auth.login_title', ...AUTH },
            lazy: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
          },
          {
            path: 'forgotpassword',
            handle: { titleKey: 'auth.forgot_title', ...AUTH },
            lazy: () =>
              import('../features/auth/forgot-password-page').then((m) => ({
                Component: m.ForgotPasswordPage,
              })),
          },
          {
            path: 'resetpassword',
            handle: { titleKey: 'auth.reset_title', ...AUTH },
            lazy: () =>
              import('../features/auth/reset-password-page').then((m) => ({
                Component: m.ResetPasswordPage,
              })),
          },
        ],
      },
      {
        lazy: guestLayout,
        children: [
          {
            path: 'central/auth/login',
            handle: { titleKey: 'central.login', crumbKeys: ['central.title'], ...AUTH },
            lazy: () => import('../features/central/central-pages').then((m) => m.loadCentralPage('auth/login')),
          },
          // Issue 19.5: the public landing page and sign-up (docs/decisions/0097).
          ...CENTRAL_PUBLIC.map((path) => ({
            path: `central/${path}`,
            handle: { titleKey: `central.pages.${path.replace('/', '_')}`, crumbKeys: ['central.title'], ...AUTH },
            lazy: () => import('../features/central/central-pages').then((m) => m.loadCentralPage(path)),
          })),
        ],
      },
      {
        lazy: blankLayout,
        children: [
          {
            path: 'subscription/expired',
            handle: { titleKey: 'subscription.expired_title', ...AUTH },
            lazy: () =>
              import('../features/subscription/subscription-expired-page').then((m) => ({
                Component: m.SubscriptionExpiredPage,
              })),
          },
          {
            // The Chargily Pay sandbox's checkout, only when the server runs it (decision 0140).
            path: 'chargily-sandbox/checkouts/:id',
            loader: requireSignedIn,
            handle: { titleKey: 'subscription.status_title', ...AUTH },
            lazy: lazyPage(
              ['central'],
              () => import('../features/subscription/sandbox-checkout-page'),
              (m) => m.SandboxCheckoutPage,
            ),
          },
          {
            // Issue 19: the central screens, in their own frame (signed-out visitors go to its login).
            lazy: () => import('../features/central/central-pages').then((m) => m.loadCentralLayout()),
            children: CENTRAL_PAGES.filter((path) => CENTRAL_BUILT.has(path)).map((path) => ({
              path: `central/${path}`,
              handle: { titleKey: `central.pages.${path.replace('/', '_')}`, crumbKeys: ['central.title'], ...AUTH },
              lazy: () => import('../features/central/central-pages').then((m) => m.loadCentralPage(path)),
            })),
          },
          ...CENTRAL_PAGES.filter((path) => !CENTRAL_BUILT.has(path) && !CENTRAL_PUBLIC.includes(path)).map((path) => ({
            path: `central/${path}`,
            handle: {
              titleKey: `central.pages.${path.replace('/', '_')}`,
              crumbKeys: ['central.title'],
              ...AUTH,
            },
            lazy: modulePage,
          })),
          {
            // SPEC 2.1: the catch-all uses the blank layout with action read, subject Auth.
            path: '*',
            handle: { titleKey: 'not_found.title', ...AUTH },
            lazy: () => import('./pages/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
    ],
  },
];
