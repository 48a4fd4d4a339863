/** Sign-in, password reset, the interface language and tenant creation. */
export const AUTH_TEMPLATES = {
  'auth.failed': 'These credentials do not match our records.',
  'auth.throttled': 'Too many login attempts. Please try again in {seconds} seconds.',
  'auth.reset_link_sent': 'If that e-mail belongs to an account, we have sent a password reset link to it.',
  'auth.reset_link_invalid': 'This password reset link is invalid or has expired.',
  'auth.reset_token_missing': 'The reset link is invalid or has expired.',
  'auth.password_reset': 'Your password has been reset.',
  'auth.password_min': 'The password must be at least {min} characters.',
  'auth.password_mismatch': 'The password confirmation does not match.',
  'tenant.name_min': 'The tenant name must be at least {min} characters.',
  'tenant.name_max': 'The tenant name may not be greater than {max} characters.',
  'tenant.name_format': 'Use lowercase letters, digits and hyphens only.',
  'tenant.name_reserved': 'This name is reserved by the platform. Choose another one.',
} as const;
