import { describe, it } from 'vitest';
import { expectForeignIdsNotFound } from '../support/tenancy.js';
import { openTestApp } from '../support/test-db.js';
import { ownerOfNewShop } from '../catalogue/catalogue-support.js';
import { daysAgo, isMoneyRoute, moneyEntry } from './money-support.js';

const { app, routes, database } = await openTestApp();

describe('money routes and tenancy (issue 13, ARCHITECTURE 3.2)', () => {
  it("answers 404 for another shop's boxes, movements, expenses and income", async () => {
    const other = await ownerOfNewShop(app, database);
    const box = (await other.api.post('/dashboard/cases', { name: 'B', kind: 'cash', opening_centimes: 1000 })).json();
    const movement = (await other.api.get('/dashboard/cases/movements')).json().data[0];
    const expenseCategory = (await other.api.get('/dashboard/expenses/categories')).json().data[0];
    const incomeCategory = (await other.api.get('/dashboard/incomes/categories')).json().data[0];
    const entry = (category: number) => moneyEntry(0, 100, category, box.id);
    const expense = (await other.api.post('/dashboard/expenses', entry(expenseCategory.id))).json();
    const income = (await other.api.post('/dashboard/incomes', entry(incomeCategory.id))).json();

    const me = await ownerOfNewShop(app, database);
    const myBox = (await me.api.post('/dashboard/cases', { name: 'Mine', kind: 'cash' })).json();
    const myExpenseCategory = (await me.api.get('/dashboard/expenses/categories')).json().data[0];
    const myIncomeCategory = (await me.api.get('/dashboard/incomes/categories')).json().data[0];
    const mine = (category: number) => moneyEntry(0, 100, category, myBox.id);
    const moneyRoutes = routes.filter((r) => isMoneyRoute(r.url));
    await expectForeignIdsNotFound(
      app,
      moneyRoutes,
      {
        'PUT /dashboard/cases/:id': { id: box.id, body: { name: 'Taken', kind: 'cash' } },
        'DELETE /dashboard/cases/:id': { id: box.id },
        'PUT /dashboard/cases/movements/:id': {
          id: movement.id,
          body: { box_id: myBox.id, amount_centimes: 5, occurred_on: daysAgo(0) },
        },
        'DELETE /dashboard/cases/movements/:id': { id: movement.id },
        'POST /dashboard/cases/movements/:id/reverse': { id: movement.id },
        'GET /dashboard/expenses/:id': { id: expense.id },
        'PUT /dashboard/expenses/:id': { id: expense.id, body: mine(myExpenseCategory.id) },
        'DELETE /dashboard/expenses/:id': { id: expense.id },
        'GET /dashboard/incomes/:id': { id: income.id },
        'PUT /dashboard/incomes/:id': { id: income.id, body: mine(myIncomeCategory.id) },
        'DELETE /dashboard/incomes/:id': { id: income.id },
        'GET /dashboard/remittances/:id': { id: 1 },
        'PUT /dashboard/expenses/:id/attachment': { id: expense.id },
        'GET /dashboard/expenses/:id/attachment': { id: expense.id },
        'DELETE /dashboard/expenses/:id/attachment': { id: expense.id },
        'PUT /dashboard/incomes/:id/attachment': { id: income.id },
        'GET /dashboard/incomes/:id/attachment': { id: income.id },
        'DELETE /dashboard/incomes/:id/attachment': { id: income.id },
      },
      me.authorization,
    );
  });
});
