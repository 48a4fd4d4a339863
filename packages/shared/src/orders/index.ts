export * from './transitions.js';
export * from './totals.js';
export * from './date-ranges.js';
export * from './contracts.js';
export * from './status-rules.js';
export * from './import-batch.js';
