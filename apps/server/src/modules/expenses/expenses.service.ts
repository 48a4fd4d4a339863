import type { TEntryListQuery, TExpenseInput } from '@cod/shared';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import * as entries from '../cash-boxes/money-entries.service.js';

/** Issue 13.2: /dashboard/expenses. The rules are the money entries' (cash-boxes module, decision 0071). */
export const listExpenseCategories = (deps: TAppDeps, tenantId: number) =>
  entries.listMoneyCategories(deps, tenantId, 'expense');
export const addExpenseCategory = (deps: TAppDeps, actor: TActor, name: string) =>
  entries.addMoneyCategory(deps, actor, 'expense', name);
export const listExpenses = (deps: TAppDeps, tenantId: number, query: TEntryListQuery) =>
  entries.listMoneyEntries(deps, tenantId, 'expense', query);
export const exportExpenses = (deps: TAppDeps, tenantId: number, query: TEntryListQuery) =>
  entries.exportMoneyEntries(deps, tenantId, 'expense', query);
export const getExpense = (deps: TAppDeps, tenantId: number, id: number) =>
  entries.getMoneyEntry(deps, tenantId, 'expense', id);
export const createExpense = (deps: TAppDeps, actor: TActor, input: TExpenseInput) =>
  entries.createMoneyEntry(deps, actor, 'expense', input);
export const updateExpense = (deps: TAppDeps, actor: TActor, id: number, input: TExpenseInput) =>
  entries.updateMoneyEntry(deps, actor, 'expense', id, input);
export const deleteExpense = (deps: TAppDeps, actor: TActor, id: number) =>
  entries.deleteMoneyEntry(deps, actor, 'expense', id);
