import type { TFunction } from 'i18next';

/**
 * The shared zod schemas and the server speak English; the interface speaks the user's language.
 * Known messages map to locale keys (STYLE 5); anything else is shown as the server wrote it.
 */
const MESSAGE_KEYS: Record<string, string> = {
  'The email field is required.': 'validation.email_required',
  'The email must be a valid email address.': 'validation.email_invalid',
  'The password field is required.': 'validation.password_required',
  'The password may not be greater than 200 characters.': 'validation.password_max',
  'The password confirmation does not match.': 'validation.password_mismatch',
  'The reset link is invalid or has expired.': 'validation.reset_link_invalid',
  'This password reset link is invalid or has expired.': 'validation.reset_link_invalid',
  'If that e-mail belongs to an account, we have sent a password reset link to it.': 'auth.reset_link_sent',
  'Your password has been reset.': 'auth.password_reset_done',
  'These credentials do not match our records.': 'auth.failed',
};

// The minimum is read from the message itself, so the client and server never disagree on it.
const PASSWORD_MIN = /^The password must be at least (\d+) characters\.$/;

export function translateMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = MESSAGE_KEYS[message];
  if (key) return t(key);
  const min = PASSWORD_MIN.exec(message)?.[1];
  return min ? t('validation.password_min', { min }) : message;
}
