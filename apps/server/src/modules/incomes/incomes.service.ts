import type { TEntryListQuery, TIncomeInput } from '@cod/shared';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import * as entries from '../cash-boxes/money-entries.service.js';

/** Issue 13.3: /dashboard/incomes. The rules are the money entries' (cash-boxes module, decision 0071). */
export const listIncomeCategories = (deps: TAppDeps, tenantId: number) =>
  entries.listMoneyCategories(deps, tenantId, 'income');
export const addIncomeCategory = (deps: TAppDeps, actor: TActor, name: string) =>
  entries.addMoneyCategory(deps, actor, 'income', name);
export const listIncomes = (deps: TAppDeps, tenantId: number, query: TEntryListQuery) =>
  entries.listMoneyEntries(deps, tenantId, 'income', query);
export const exportIncomes = (deps: TAppDeps, tenantId: number, query: TEntryListQuery) =>
  entries.exportMoneyEntries(deps, tenantId, 'income', query);
export const getIncome = (deps: TAppDeps, tenantId: number, id: number) =>
  entries.getMoneyEntry(deps, tenantId, 'income', id);
export const createIncome = (deps: TAppDeps, actor: TActor, input: TIncomeInput) =>
  entries.createMoneyEntry(deps, actor, 'income', input);
export const updateIncome = (deps: TAppDeps, actor: TActor, id: number, input: TIncomeInput) =>
  entries.updateMoneyEntry(deps, actor, 'income', id, input);
export const deleteIncome = (deps: TAppDeps, actor: TActor, id: number) =>
  entries.deleteMoneyEntry(deps, actor, 'income', id);
