export * from './catalogue.js';
export * from './fields.js';
export * from './kinds.js';
export * from './message.js';
export * from './render.js';
