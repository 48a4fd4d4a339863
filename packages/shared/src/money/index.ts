export * from './centimes.js';
export * from './schemas.js';
export * from './entries.js';
export * from './remittances.js';
export * from './commissions.js';
export * from './profit.js';
export * from './accounting.js';
