export * from './messages.js';
export * from './timeline.js';
export * from './contracts.js';
export * from './barcode-wedge.js';
export * from './carrier-advice.js';
