// Moved to prepare-order.ts (groundwork issue); kept until the imports module imports from there.
export { newOrderValues } from './prepare-order.js';
