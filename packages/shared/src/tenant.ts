import { z } from 'zod';
import { m } from './messages/message.js';
import { ZPassword } from './auth.js';

/**
 * Shop identifiers no shop may take (docs/decisions/0143): the top-level paths this server answers
 * (API, SPA, uploads, webhooks, Socket.IO) and the host names a platform keeps for itself, so a
 * shop's name can one day become its path or subdomain without shadowing the platform's own.
 * Every place a shop is created refuses them; the sign-up form checks its shop name's slug.
 */
export const RESERVED_SHOP_NAMES: readonly string[] = [
  // The platform's own areas and host names.
  'admin',
  'api',
  'app',
  'assets',
  'build',
  'central',
  'dashboard',
  'files',
  'mail',
  'public',
  'static',
  'www',
  // Top-level paths of the server and of the SPA under /build/.
  'docs',
  'forgot-password',
  'forgotpassword',
  'health',
  'locale',
  'login',
  'logout',
  'me',
  'orders',
  'profile',
  'register',
  'reset-password',
  'resetpassword',
  'socket.io',
  'socket-io',
  'upload',
  'uploads',
  'webhooks',
];

const RESERVED = new Set(RESERVED_SHOP_NAMES);

/** Whether a shop identifier is one the platform keeps (compared in lowercase, trimmed). */
export const isReservedShopName = (cqName: string): boolean => RESERVED.has(cqName.trim().toLowerCase());

/** cq_name: the tenant's identifier (lowercase letters, digits, hyphens; used in URLs and channels). */
export const ZCqName = z
  .string()
  .trim()
  .min(3, m('tenant.name_min', { min: 3 }))
  .max(40, m('tenant.name_max', { max: 40 }))
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, m('tenant.name_format'))
  .refine((name) => !isReservedShopName(name), m('tenant.name_reserved'));

export const ZCreateTenantRequest = z.object({
  cq_name: ZCqName,
  name: z.string().trim().min(1).max(120).optional(),
  owner_email: z.string().trim().toLowerCase().email(m('validation.email')),
  owner_name: z.string().trim().min(1).max(120).optional(),
  owner_password: ZPassword,
  time_zone: z.string().default('Africa/Algiers'),
});
export type TCreateTenantRequest = z.infer<typeof ZCreateTenantRequest>;
