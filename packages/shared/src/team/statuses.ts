import { z } from 'zod';
import { m } from '../messages/message.js';
import { STATUS_TYPES } from '../statuses.js';

const ZLabel = z
  .string()
  .trim()
  .max(60, m('validation.too_long', { field: 'name', max: 60 }));
const ZNames = z
  .object({ en: ZLabel.optional(), fr: ZLabel.optional(), ar: ZLabel.optional() })
  .strict()
  .transform((names) => Object.fromEntries(Object.entries(names).filter(([, v]) => v)) as Record<string, string>);
const ZColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, m('status.color_format'));

/** A status of the statuses editor (issue 18.3): names in three languages, colour, position, active. */
export const ZCreateStatusRequest = z.object({
  type: z.enum(STATUS_TYPES, { message: m('validation.selected_invalid', { field: 'status' }) }),
  display_name: ZLabel.min(1, m('team.status_name_required')),
  names: ZNames.default({}),
  color: ZColor,
  position: z.coerce.number().int().min(0).max(10_000).optional(),
  active: z.boolean().default(true),
});
export type TCreateStatusRequest = z.infer<typeof ZCreateStatusRequest>;

export const ZEditStatusRequest = z
  .object({
    display_name: ZLabel.min(1, m('team.status_name_required')).optional(),
    names: ZNames.optional(),
    color: ZColor.optional(),
    position: z.coerce.number().int().min(0).max(10_000).optional(),
    active: z.boolean().optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    path: ['color'],
    message: m('status.color_or_name_required'),
  });
export type TEditStatusRequest = z.infer<typeof ZEditStatusRequest>;

export const ZDeleteStatusRequest = z.object({
  replacement_id: z.coerce.number().int().positive().optional(),
});
