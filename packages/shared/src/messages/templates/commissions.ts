/**
 * Agent commissions and order profit (issue 13.5, 13.6; docs/decisions/0102, 0103). French and
 * Arabic: apps/web/src/locales/messages/{fr,ar}.json.
 */
export const COMMISSION_TEMPLATES = {
  'commission.agent_not_found': 'Agent not found.',
  'commission.payout_above_due': 'The payout is more than the commission due ({due}).',
  'commission.nothing_due': 'Nothing is due to this agent.',
  'commission.month_invalid': 'The month must be such as 2026-11.',
} as const;
