import { z } from 'zod';
import type { TAbilityRule } from './permissions.js';

export const ZLoginRequest = z.object({
  email: z.string().trim().min(1, 'The email field is required.').email('The email must be a valid email address.'),
  password: z.string().min(1, 'The password field is required.'),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** SPEC 3: the signed-in user as stored under userData. */
export interface TUserData {
  id: number;
  name: string;
  email: string;
  avatar_url: string | null;
  role: string;
  commission_type: string | null;
  is_admin: boolean;
  permissions: string[];
  locale: string;
}

export interface TLoginResponse {
  accessToken: string;
  userData: TUserData;
  userAbilities: TAbilityRule[];
}

export const ZForgotPasswordRequest = z.object({
  email: z.string().trim().email('The email must be a valid email address.'),
});

export const PASSWORD_MIN_LENGTH = 8;
export const ZPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(200, 'The password may not be greater than 200 characters.');

export const ZResetPasswordRequest = z
  .object({
    token: z.string().min(1, 'The reset link is invalid or has expired.'),
    email: z.string().trim().email('The email must be a valid email address.'),
    password: ZPassword,
    password_confirmation: z.string(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The password confirmation does not match.',
  });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const LOCALES = ['en', 'fr', 'ar'] as const;
export type TLocale = (typeof LOCALES)[number];
export const ZLocaleRequest = z.object({ locale: z.enum(LOCALES, { message: 'The selected locale is invalid.' }) });

/** SPEC 3: shared page props. */
export interface TPageProps {
  cq_name: string;
  firebaseCustomToken: string | null;
  url: string;
  auth: { user: { id: number } };
  tenant_payment_status: { plan: string | null; status: string; valid_to: string | null };
  lowStockProducts: Array<{
    id: number;
    name: string;
    current_stock: number;
    low_stock_threshold: number;
    image_url: string | null;
  }>;
}

/** 422 body (ARCHITECTURE 3.5). */
export interface TValidationErrorBody {
  message: string;
  errors: Record<string, string[]>;
  code?: string;
}
