import { integer, pgTable, text } from 'drizzle-orm/pg-core';

// Reference geography (migrations/0001), shared by every tenant: a wilaya's and a commune's names
// in French and Arabic, and the other spellings the import's place matcher accepts.
const placeNames = () => ({ name: text('name').notNull(), nameAr: text('name_ar').notNull() });
const aliases = () => ({
  aliases: text('aliases').array().notNull().default([]),
  aliasesAr: text('aliases_ar').array().notNull().default([]),
});

export const states = pgTable('states', {
  id: integer('id').primaryKey(),
  code: text('code').notNull(),
  ...placeNames(),
  nameAscii: text('name_ascii').notNull(),
  ...aliases(),
});

export const cities = pgTable('cities', {
  id: integer('id').primaryKey(),
  code: text('code').notNull(),
  codeOns48: text('code_ons_48'),
  stateId: integer('state_id').notNull(),
  ...placeNames(),
  dairaName: text('daira_name'),
  dairaNameAr: text('daira_name_ar'),
  postalCode: text('postal_code'),
  ...aliases(),
});
