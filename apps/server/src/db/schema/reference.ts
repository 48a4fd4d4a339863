import { integer, pgTable, text } from 'drizzle-orm/pg-core';

export const states = pgTable('states', {
  id: integer('id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  nameAr: text('name_ar').notNull(),
  nameAscii: text('name_ascii').notNull(),
  aliases: text('aliases').array().notNull().default([]),
  aliasesAr: text('aliases_ar').array().notNull().default([]),
});

export const cities = pgTable('cities', {
  id: integer('id').primaryKey(),
  code: text('code').notNull(),
  codeOns48: text('code_ons_48'),
  stateId: integer('state_id').notNull(),
  name: text('name').notNull(),
  nameAr: text('name_ar').notNull(),
  dairaName: text('daira_name'),
  dairaNameAr: text('daira_name_ar'),
  postalCode: text('postal_code'),
  aliases: text('aliases').array().notNull().default([]),
  aliasesAr: text('aliases_ar').array().notNull().default([]),
});
