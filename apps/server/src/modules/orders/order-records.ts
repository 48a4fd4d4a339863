/**
 * What other modules may do to order rows inside their own transaction (docs/decisions/0044):
 * shipping moves a parcel's order along its statuses with the same locks and history rows the
 * orders module writes. The repository itself stays internal to the orders module.
 */
export { firstStatusOfType, insertHistory, lockOrders } from './orders.repository.js';
