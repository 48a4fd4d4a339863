import { z } from 'zod';
import { m } from '../messages/message.js';
import { LOCALES, ZPassword, type TLocale } from '../auth.js';
import { zRequiredText } from '../catalogue/common.js';
import { ZOptionalAlgerianPhone } from '../catalogue/phone.js';

/** Issue 18.4: PUT /profile, the signed-in user's own name, phone and language. */
export const ZProfileUpdate = z.object({
  name: zRequiredText('name', 120),
  // Optional: empty clears it; anything else must be an Algerian number (stored in national form).
  phone: ZOptionalAlgerianPhone,
  locale: z.enum(LOCALES, { message: m('validation.selected_invalid', { field: 'locale' }) }),
});
export type TProfileUpdate = z.input<typeof ZProfileUpdate>;

/** POST /profile/password: the current password proves it is the user; other sessions end. */
export const ZPasswordChange = z
  .object({
    current_password: z
      .string({ error: m('validation.required', { field: 'current password' }) })
      .min(1, m('validation.required', { field: 'current password' })),
    password: ZPassword,
    password_confirmation: z.string({ error: m('auth.password_mismatch') }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: m('auth.password_mismatch'),
  });
export type TPasswordChange = z.input<typeof ZPasswordChange>;

/** GET /profile. */
export interface TProfile {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  locale: TLocale;
  avatar_url: string | null;
  role: string;
}

export type TDeviceType = 'desktop' | 'mobile' | 'tablet' | 'unknown';

/** One signed-in device of GET /profile/sessions. */
export interface TProfileSession {
  id: number;
  device_type: TDeviceType;
  browser: string | null;
  os: string | null;
  ip: string | null;
  created_at: string;
  last_used_at: string;
  current: boolean;
}

/** Avatars: at most 2 MB, any of the picture types products accept (checked by content). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
