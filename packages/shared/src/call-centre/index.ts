export * from './outcomes.js';
export * from './settings.js';
export * from './risk.js';
export * from './working-hours.js';
export * from './whatsapp.js';
export * from './assignment.js';
