/** Issue 15 items 1, 2 and 5: call attempts, the agent's queue, the call rules. */
export const CALL_CENTRE_TEMPLATES = {
  'call.outcome_required': 'Choose what the call gave.',
  'call.outcome_invalid': 'The selected outcome is invalid.',
  'call.callback_required': 'Choose when to call the customer back.',
  'call.callback_past': 'The call-back time cannot be in the past.',
  'call.reason_required': 'Give the reason for the cancellation.',
  'call.recorded': 'The call has been recorded.',
  'call.queue_empty': 'No order to call right now.',
  'call.settings_saved': 'The call rules have been saved.',
  'call.number_range': 'Enter a whole number from {min} to {max}.',
  'call.no_answer_moved': 'No answer after {count} attempts.',
} as const;
