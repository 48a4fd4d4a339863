import { z } from 'zod';
import { m } from '../messages/message.js';
import { MAX_ID, ZListQuery } from './common.js';

/**
 * /userproductpermissions (SPEC 2.3, issue 3.2): restricted false lets the user work with every
 * product; restricted true limits the user to product_ids (possibly none).
 */
export const ZUserProductPermissionsInput = z.object({
  restricted: z.boolean({ error: m('validation.flag', { field: 'restricted' }) }),
  product_ids: z
    .array(
      z
        .number()
        .int(m('validation.selected_invalid', { field: 'product' }))
        .positive(m('validation.selected_invalid', { field: 'product' }))
        .max(MAX_ID, m('validation.selected_invalid', { field: 'product' })),
    )
    .max(10_000)
    .default([]),
});
export type TUserProductPermissionsInput = z.output<typeof ZUserProductPermissionsInput>;

export const ZUserProductPermissionsListQuery = ZListQuery;

export interface TUserProductPermissions {
  user_id: number;
  name: string;
  email: string;
  role: string;
  restricted: boolean;
  product_ids: number[];
}
