/** The orders API contract (issue 4): request schemas, answers and event payloads. Browser-safe. */
export * from './order-input.js';
export * from './order-list-query.js';
export * from './order-actions.js';
export * from './order-row.js';
export * from './stopdesk.js';
export * from './local-date-time.js';
