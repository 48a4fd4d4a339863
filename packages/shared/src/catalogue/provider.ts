import { z } from 'zod';
import { m } from '../messages/message.js';
import { ZListQuery, ZQueryBool, zOptionalText, zRequiredText } from './common.js';
import { fieldTooLong } from './messages.js';

const optionalText = zOptionalText;

const optionalEmail = z
  .string()
  .trim()
  .max(190, fieldTooLong('email', 190))
  .email(m('validation.email'))
  .or(z.literal(''))
  .nullish()
  .transform((v) => v || null);

// Providers include suppliers abroad, so their phones are free text, not Algerian-normalised.
export const ZProviderContact = z.object({
  name: zRequiredText('name', 120),
  role: optionalText('role', 120),
  phone: optionalText('phone', 40),
  email: optionalEmail,
});

/** The provider form (issue 3.3): a supplier and the people to call there. */
export const ZProviderInput = z.object({
  name: zRequiredText('name', 190),
  phone: optionalText('phone', 40),
  email: optionalEmail,
  address: optionalText('address', 500),
  notes: optionalText('notes', 2000),
  contacts: z
    .array(ZProviderContact)
    .max(20, m('provider.too_many_contacts', { max: 20 }))
    .default([]),
});
export type TProviderInput = z.output<typeof ZProviderInput>;

export const ZProviderListQuery = ZListQuery.extend({ archived: ZQueryBool.optional() });

export interface TProviderContact {
  id: number;
  name: string;
  role: string | null;
  phone: string | null;
  email: string | null;
}

export interface TProvider {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  address: string | null;
  notes: string | null;
  contacts: TProviderContact[];
  purchases_count: number;
  purchases_total: number;
  last_purchase_at: string | null;
  archived_at: string | null;
  created_at: string;
}
