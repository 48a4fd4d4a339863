/**
 * Shop administration (issue 18): the profile (own account, avatar, sessions), shop settings and
 * the audit log.
 */
export const ADMIN_TEMPLATES = {
  'profile.updated': 'Your profile has been updated.',
  'profile.current_password_wrong': 'The current password is incorrect.',
  'profile.password_changed': 'Your password has been changed. Your other sessions were signed out.',
  'profile.password_same': 'The new password must be different from the current one.',
  'profile.avatar_type': 'The avatar must be a JPEG, PNG, WebP or GIF image.',
  'profile.avatar_too_large': 'The avatar may not be greater than {max} MB.',
  'profile.avatar_updated': 'Your picture has been updated.',
  'profile.avatar_removed': 'Your picture has been removed.',
  'profile.session_not_found': 'Session not found.',
  'profile.session_revoked': 'The session has been signed out.',
  'profile.sessions_revoked': 'Your other sessions have been signed out.',
  'shop_settings.updated': 'The shop settings have been saved.',
  'shop_settings.time_format': 'Use a time such as 09:00.',
  'shop_settings.hours_order': 'The closing time must be after the opening time.',
  'shop_settings.logo_type': 'The logo must be a JPEG, PNG, WebP or GIF image.',
  'shop_settings.logo_too_large': 'The logo may not be greater than {max} MB.',
  'shop_settings.logo_updated': 'The logo has been updated.',
  'shop_settings.logo_removed': 'The logo has been removed.',
} as const;
