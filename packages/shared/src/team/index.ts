export * from './users.js';
export * from './roles.js';
export * from './statuses.js';
export * from './authority.js';
