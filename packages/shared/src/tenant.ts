import { z } from 'zod';
import { m } from './messages/message.js';
import { ZPassword } from './auth.js';

/** cq_name: the tenant's identifier (lowercase letters, digits, hyphens; used in URLs and channels). */
export const ZCqName = z
  .string()
  .trim()
  .min(3, m('tenant.name_min', { min: 3 }))
  .max(40, m('tenant.name_max', { max: 40 }))
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, m('tenant.name_format'));

export const ZCreateTenantRequest = z.object({
  cq_name: ZCqName,
  name: z.string().trim().min(1).max(120).optional(),
  owner_email: z.string().trim().toLowerCase().email(m('validation.email')),
  owner_name: z.string().trim().min(1).max(120).optional(),
  owner_password: ZPassword,
  time_zone: z.string().default('Africa/Algiers'),
});
export type TCreateTenantRequest = z.infer<typeof ZCreateTenantRequest>;
