import { ADMIN_TEMPLATES } from './templates/admin.js';
import { ASSIGNMENT_TEMPLATES } from './templates/assignment.js';
import { AUTH_TEMPLATES } from './templates/auth.js';
import { CALL_CENTRE_TEMPLATES } from './templates/call-centre.js';
import { CATALOGUE_TEMPLATES } from './templates/catalogue.js';
import { CENTRAL_TEMPLATES } from './templates/central.js';
import { COMMISSION_TEMPLATES } from './templates/commissions.js';
import { FILE_TEMPLATES } from './templates/files.js';
import { IMPORT_TEMPLATES } from './templates/imports.js';
import { MONEY_TEMPLATES } from './templates/money.js';
import { OPERATIONS_TEMPLATES } from './templates/operations.js';
import { ORDER_TEMPLATES } from './templates/orders.js';
import { PLATFORM_TEMPLATES } from './templates/platform.js';
import { REPORT_TEMPLATES } from './templates/reports.js';
import { SHIPPING_TEMPLATES } from './templates/shipping.js';
import { TEAM_TEMPLATES } from './templates/team.js';
import { VALIDATION_TEMPLATES } from './templates/validation.js';
import { WEBHOOK_TEMPLATES } from './templates/webhooks.js';

/**
 * Every message the server can answer a user, by code, with its English template (docs/decisions/
 * 0041). `{name}` is a parameter. The server renders the English from here (SPEC 8's sentences,
 * to the letter); the web translates the code (apps/web/src/locales/messages/), never the English.
 */
export const MESSAGE_TEMPLATES = {
  ...VALIDATION_TEMPLATES,
  ...AUTH_TEMPLATES,
  ...CATALOGUE_TEMPLATES,
  ...ORDER_TEMPLATES,
  ...SHIPPING_TEMPLATES,
  ...OPERATIONS_TEMPLATES,
  ...IMPORT_TEMPLATES,
  ...FILE_TEMPLATES,
  ...PLATFORM_TEMPLATES,
  ...TEAM_TEMPLATES,
  ...MONEY_TEMPLATES,
  ...ADMIN_TEMPLATES,
  ...CENTRAL_TEMPLATES,
  ...ASSIGNMENT_TEMPLATES,
  ...WEBHOOK_TEMPLATES,
  ...CALL_CENTRE_TEMPLATES,
  ...REPORT_TEMPLATES,
  ...COMMISSION_TEMPLATES,
} as const;

export type TMessageCode = keyof typeof MESSAGE_TEMPLATES;

export const MESSAGE_CODES = Object.keys(MESSAGE_TEMPLATES) as TMessageCode[];

export const isMessageCode = (code: string): code is TMessageCode => Object.hasOwn(MESSAGE_TEMPLATES, code);
