import { z } from 'zod';
import { ZPassword } from './auth.js';

/** cq_name: the tenant's identifier (lowercase letters, digits, hyphens; used in URLs and channels). */
export const ZCqName = z
  .string()
  .trim()
  .min(3, 'The tenant name must be at least 3 characters.')
  .max(40, 'The tenant name may not be greater than 40 characters.')
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'Use lowercase letters, digits and hyphens only.');

export const ZCreateTenantRequest = z.object({
  cq_name: ZCqName,
  name: z.string().trim().min(1).max(120).optional(),
  owner_email: z.string().trim().toLowerCase().email('The email must be a valid email address.'),
  owner_name: z.string().trim().min(1).max(120).optional(),
  owner_password: ZPassword,
  time_zone: z.string().default('Africa/Algiers'),
});
export type TCreateTenantRequest = z.infer<typeof ZCreateTenantRequest>;
