import { z } from 'zod';
import { m } from '../messages/message.js';
import { ZListQuery, zRequiredText } from './common.js';
import { fieldTooLong } from './messages.js';

/** Issue 3.7; SPEC 3: facebook, tiktok, instagram, google and meta get icons on order rows. */
export const SALES_SOURCE_TYPES = ['facebook', 'tiktok', 'instagram', 'google', 'meta', 'website', 'other'] as const;
export type TSalesSourceType = (typeof SALES_SOURCE_TYPES)[number];

export const ZSalesChannelInput = z.object({
  name: zRequiredText('name', 120),
  /** An icon name of the web app's icon set (or empty: the source type's icon is used). */
  icon: z
    .string()
    .trim()
    .max(100, fieldTooLong('icon', 100))
    .regex(/^[a-z0-9:_-]*$/i, m('sales_channel.icon_format'))
    .nullish()
    .transform((v) => v || null),
  source_type: z.enum(SALES_SOURCE_TYPES, {
    error: m('sales_channel.source_type_invalid', { values: SALES_SOURCE_TYPES.join(', ') }),
  }),
  active: z.boolean().default(true),
});
export type TSalesChannelInput = z.output<typeof ZSalesChannelInput>;

export const ZSalesChannelListQuery = ZListQuery;

export interface TSalesChannel {
  id: number;
  name: string;
  icon: string | null;
  source_type: TSalesSourceType;
  active: boolean;
  /** The first characters of the intake key, to recognise it; the key itself is shown only once. */
  intake_key_prefix: string | null;
  intake_key_created_at: string | null;
  created_at: string;
}

/** Answer of create and rotate: the only time the full intake key is ever sent. */
export interface TSalesChannelWithKey extends TSalesChannel {
  intake_key: string;
}
