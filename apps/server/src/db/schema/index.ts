export * from './central.js';
export * from './reference.js';
export * from './identity.js';
export * from './catalogue.js';
export * from './orders.js';
export * from './shipping.js';
export * from './imports.js';
