export * from './catalogue.js';
export * from './fields.js';
export * from './kinds.js';
export * from './message.js';
export * from './plan-features.js';
export * from './render.js';
