import { z } from 'zod';
import { m, type TMessage, type TMessageParamValues } from './messages/message.js';
import type { TAbilityRule } from './permissions.js';

export const ZLoginRequest = z.object({
  email: z
    .string()
    .trim()
    .min(1, m('validation.required', { field: 'email' }))
    .email(m('validation.email')),
  password: z.string().min(1, m('validation.required', { field: 'password' })),
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
  email: z.string().trim().email(m('validation.email')),
});

export const PASSWORD_MIN_LENGTH = 8;
export const ZPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, m('auth.password_min', { min: PASSWORD_MIN_LENGTH }))
  .max(200, m('validation.too_long', { field: 'password', max: 200 }));

export const ZResetPasswordRequest = z
  .object({
    token: z.string().min(1, m('auth.reset_token_missing')),
    email: z.string().trim().email(m('validation.email')),
    password: ZPassword,
    password_confirmation: z.string(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: m('auth.password_mismatch'),
  });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const LOCALES = ['en', 'fr', 'ar'] as const;
export type TLocale = (typeof LOCALES)[number];
export const ZLocaleRequest = z.object({
  locale: z.enum(LOCALES, { message: m('validation.selected_invalid', { field: 'locale' }) }),
});

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

/**
 * Error body (SPEC 8, ARCHITECTURE 3.5; docs/decisions/0041). `message` and `errors` are the
 * English of the contract. `code` is a catalogue code (packages/shared/src/messages) with its
 * `params`, or the error's kind ('validation', 'not_found', ...) when no specific message applies.
 * `error_codes` gives each message of `errors` its code, index for index.
 */
export interface TValidationErrorBody {
  message: string;
  errors: Record<string, string[]>;
  code?: string;
  params?: TMessageParamValues;
  error_codes?: Record<string, TMessage[]>;
}
