export * from './profile.js';
export * from './shop-settings.js';
export * from './audit-log.js';
