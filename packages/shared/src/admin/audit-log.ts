import { z } from 'zod';
import { m } from '../messages/message.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = z
  .string()
  .regex(DAY, m('validation.selected_invalid', { field: 'start date' }))
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
    m('validation.selected_invalid', { field: 'start date' }),
  )
  .optional()
  .or(z.literal('').transform(() => undefined));

/** Issue 18.6: GET /dashboard/audit-log (and its CSV export) filters; dates are the shop's days. */
export const ZAuditLogQuery = z
  .object({
    user_id: z.coerce
      .number()
      .int()
      .positive()
      .max(2_147_483_647)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    entity: z
      .string()
      .regex(/^[a-z_]{1,40}$/, m('validation.selected_invalid', { field: 'kind' }))
      .optional()
      .or(z.literal('').transform(() => undefined)),
    date_from: day,
    date_to: day,
    page: z.coerce.number().int().min(1, m('validation.page_min')).max(100_000).default(1),
    per_page: z.coerce
      .number()
      .int()
      .refine((n) => [10, 25, 50, 100].includes(n), m('validation.page_size'))
      .default(25),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
    path: ['date_to'],
    message: m('validation.selected_invalid', { field: 'end date' }),
  });
export type TAuditLogQuery = z.input<typeof ZAuditLogQuery>;

/** One entry: who did what, when; `changes` with secrets masked (MASKED). */
export interface TAuditLogEntry {
  id: number;
  created_at: string;
  user: { id: number; name: string } | null;
  action: string;
  entity: string;
  entity_id: string | null;
  changes: Record<string, unknown>;
  ip: string | null;
}

export interface TAuditLogFilters {
  users: Array<{ id: number; name: string }>;
  entities: string[];
}

/** What a masked value reads as, in the list and in the CSV. */
export const MASKED = '••••••';
