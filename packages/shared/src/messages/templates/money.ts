/**
 * Money (issue 13): cash boxes, closed days, expenses, income and carrier remittances
 * (docs/decisions/0069-0072). French and Arabic: apps/web/src/locales/messages/{fr,ar}.json.
 */
export const MONEY_TEMPLATES = {
  'money.box_not_found': 'Cash box not found.',
  'money.box_name_taken': 'A cash box with this name already exists.',
  'money.box_archived': 'This cash box is archived.',
  'money.same_box': 'A transfer needs two different boxes.',
  'money.day_closed':
    'The day {date} is closed: its movements cannot be added, changed or deleted. Record a reversing movement on an open day instead.',
  'money.day_in_future': 'A day in the future cannot be closed.',
  'money.close_day_done': 'The day {date} is closed.',
  'money.movement_not_found': 'Movement not found.',
  'money.movement_owned':
    'This movement belongs to an expense, an income, a transfer or a remittance: change that instead.',
  'money.already_reversed': 'This movement has already been reversed.',
  'money.reversal_not_reversible': 'A reversing movement cannot itself be reversed.',
  'money.opening_exists': 'This box already has an opening balance.',
  'money.category_not_found': 'Category not found.',
  'money.category_taken': 'A category with this name already exists.',
  'money.expense_not_found': 'Expense not found.',
  'money.income_not_found': 'Income not found.',
  'money.income_from_remittance': 'This income was written by a carrier remittance and cannot be changed here.',
  'money.date_invalid': 'The date must be a day such as 2026-11-21.',
  'money.remittance_not_found': 'Remittance not found.',
  'money.statement_columns': 'The statement needs a tracking number column and an amount column.',
  'money.statement_empty': 'The statement has no parcel lines.',
  'money.statement_line': 'Line {line}: the amount is not a number of dinars.',
  'money.remittance_empty': 'Pick at least one parcel or upload a statement.',
  'money.remittance_negative':
    'The return fees are larger than the cash paid: the statement adds up to less than zero. Record what the carrier bills as an expense instead.',
  'money.carrier_payments_unsupported':
    '{carrier} does not give the payment status of its parcels: upload its statement instead.',
  'money.carrier_nothing_paid': '{carrier} reports no payment for the parcels it still owes.',
  'money.receipt_required': 'Choose the receipt: a JPEG, PNG or WebP image or a PDF.',
  'money.receipt_missing': 'This entry has no receipt.',
  'money.ad_spend_columns': 'The file needs a date column and an amount column (a campaign id column is optional).',
  'money.ad_spend_empty': 'The file has no ad spend rows.',
  'money.ad_spend_line_date': 'Line {line}: the date must be a day such as 2026-11-21 or 21/11/2026.',
  'money.ad_spend_line_amount': 'Line {line}: the amount must be a positive number of dinars.',
  'money.ad_spend_line_campaign': 'Line {line}: the campaign id may not be longer than 190 characters.',
  'money.ad_spend_line_closed': 'Line {line}: the day {date} is closed.',
} as const;
