export * from './metrics.js';
export * from './facts.js';
export * from './query.js';
