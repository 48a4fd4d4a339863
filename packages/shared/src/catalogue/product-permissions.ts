import { z } from 'zod';
import { MAX_ID, ZListQuery } from './common.js';

/**
 * /userproductpermissions (SPEC 2.3, issue 3.2): restricted false lets the user work with every
 * product; restricted true limits the user to product_ids (possibly none).
 */
export const ZUserProductPermissionsInput = z.object({
  restricted: z.boolean({ error: 'The restricted flag must be true or false.' }),
  product_ids: z
    .array(
      z
        .number()
        .int('The selected product is invalid.')
        .positive('The selected product is invalid.')
        .max(MAX_ID, 'The selected product is invalid.'),
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
