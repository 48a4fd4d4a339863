import { describe, expect, it } from 'vitest';
import { openTestApp } from '../support/test-db.js';
import { ownerOfNewShop, type TClient } from '../catalogue/catalogue-support.js';
import { balancesAndSums, daysAgo } from './money-support.js';

const { app, database } = await openTestApp();

async function box(api: TClient, name: string, opening = 0, kind = 'cash') {
  const response = await api.post('/dashboard/cases', {
    name,
    kind,
    opening_centimes: opening,
    opening_on: daysAgo(3),
  });
  if (response.statusCode !== 201) throw new Error(`box: ${response.statusCode} ${response.body}`);
  return response.json() as { id: number; balance_centimes: number };
}

const balanceOf = async (api: TClient, id: number) =>
  ((await api.get('/dashboard/cases')).json().boxes as Array<{ id: number; balance_centimes: number }>).find(
    (b) => b.id === id,
  )!.balance_centimes;

describe('cash boxes (issue 13.1)', () => {
  it('opens boxes with a balance, transfers in one transaction with two movements, and reverses', async () => {
    const { api } = await ownerOfNewShop(app, database);
    const drawer = await box(api, 'Caisse', 1_500_000);
    const bank = await box(api, 'BNA', 0, 'bank');
    expect(drawer.balance_centimes).toBe(1_500_000);

    const transfer = await api.post('/dashboard/cases/transfers', {
      from_box_id: drawer.id,
      to_box_id: bank.id,
      amount_centimes: 250_050,
      occurred_on: daysAgo(1),
      note: 'Versement',
    });
    expect(transfer.statusCode).toBe(201);
    expect(transfer.json().movements).toHaveLength(2);
    expect(await balanceOf(api, drawer.id)).toBe(1_249_950);
    expect(await balanceOf(api, bank.id)).toBe(250_050);
    const overview = (await api.get('/dashboard/cases')).json();
    expect(overview.total_centimes).toBe(1_500_000);

    // Same box twice, a fraction of a centime, a missing amount: 422 per field, never a 500.
    const bad = await api.post('/dashboard/cases/transfers', {
      from_box_id: drawer.id,
      to_box_id: drawer.id,
      amount_centimes: 10.5,
      occurred_on: '2026-02-30',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount_centimes', 'occurred_on']);
    const same = await api.post('/dashboard/cases/transfers', {
      from_box_id: drawer.id,
      to_box_id: drawer.id,
      amount_centimes: 100,
      occurred_on: daysAgo(0),
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().error_codes.to_box_id[0].code).toBe('money.same_box');

    // Reversing one leg reverses the whole transfer.
    const [leg] = transfer.json().movements as Array<{ id: number }>;
    const reversed = await api.post(`/dashboard/cases/movements/${leg!.id}/reverse`, {});
    expect(reversed.statusCode).toBe(201);
    expect(reversed.json().data).toHaveLength(2);
    expect(await balanceOf(api, drawer.id)).toBe(1_500_000);
    expect(await balanceOf(api, bank.id)).toBe(0);
    const twice = await api.post(`/dashboard/cases/movements/${leg!.id}/reverse`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('money.already_reversed');

    const movements = (await api.get(`/dashboard/cases/movements?box_id=${drawer.id}`)).json();
    expect(movements.total).toBe(3);
    expect(movements.totals).toEqual({ in_centimes: 1_750_050, out_centimes: -250_050, net_centimes: 1_500_000 });
  });

  it('a closed day refuses new, edited and deleted movements with a clear message; a reversal corrects it', async () => {
    const { api } = await ownerOfNewShop(app, database);
    const drawer = await box(api, 'Caisse', 100_000);
    const adjustment = (
      await api.post('/dashboard/cases/movements', {
        box_id: drawer.id,
        amount_centimes: -20_000,
        occurred_on: daysAgo(2),
        note: 'Café',
      })
    ).json();
    const later = (
      await api.post('/dashboard/cases/movements', {
        box_id: drawer.id,
        amount_centimes: 5_000,
        occurred_on: daysAgo(0),
      })
    ).json();

    const future = await api.post('/dashboard/cases/close-day', { day: daysAgo(-2) });
    expect(future.statusCode).toBe(422);
    const closed = await api.post('/dashboard/cases/close-day', { day: daysAgo(1) });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ closed_through: daysAgo(1), code: 'money.close_day_done' });

    const edit = await api.put(`/dashboard/cases/movements/${adjustment.id}`, {
      box_id: drawer.id,
      amount_centimes: -25_000,
      occurred_on: daysAgo(0),
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ code: 'money.day_closed', params: { date: daysAgo(2) } });
    expect(edit.json().message).toContain('is closed');
    const remove = await api.delete(`/dashboard/cases/movements/${adjustment.id}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().code).toBe('money.day_closed');
    const backdated = await api.post('/dashboard/cases/movements', {
      box_id: drawer.id,
      amount_centimes: 1_000,
      occurred_on: daysAgo(1),
    });
    expect(backdated.statusCode).toBe(409);
    expect(await balanceOf(api, drawer.id)).toBe(85_000);

    // The open day's movement can still change; the closed one is corrected by a reversal today.
    expect((await api.delete(`/dashboard/cases/movements/${later.id}`)).statusCode).toBe(200);
    const reversal = await api.post(`/dashboard/cases/movements/${adjustment.id}/reverse`, {});
    expect(reversal.statusCode).toBe(201);
    expect(reversal.json().data[0]).toMatchObject({
      amount_centimes: 20_000,
      kind: 'reversal',
      occurred_on: daysAgo(0),
    });
    expect(await balanceOf(api, drawer.id)).toBe(100_000);
    const listed = (await api.get(`/dashboard/cases/movements?box_id=${drawer.id}`)).json();
    expect(listed.data.find((m: { id: number }) => m.id === adjustment.id)).toMatchObject({ closed: true });
  });

  it('under 100 concurrent movements and transfers every balance is the sum of its movements', async () => {
    const { api, tenant } = await ownerOfNewShop(app, database);
    const boxes = [await box(api, 'A', 1_000_000), await box(api, 'B', 1_000_000), await box(api, 'C', 1_000_000)];
    let expectedTotal = 3_000_000;
    const work = Array.from({ length: 100 }, (_, i) => {
      const from = boxes[i % 3]!;
      const to = boxes[(i + 1 + (i % 2)) % 3]!;
      if (i % 4 === 0) {
        const amount = (i % 8 === 0 ? 1 : -1) * (1_000 + i);
        expectedTotal += amount;
        return api.post('/dashboard/cases/movements', {
          box_id: from.id,
          amount_centimes: amount,
          occurred_on: daysAgo(0),
        });
      }
      // Opposite directions at once (A->B beside B->A) are what would deadlock without the box order.
      return api.post('/dashboard/cases/transfers', {
        from_box_id: i % 3 === 0 ? to.id : from.id,
        to_box_id: i % 3 === 0 ? from.id : to.id,
        amount_centimes: 100 + i,
        occurred_on: daysAgo(0),
      });
    });
    const answers = await Promise.all(work);
    expect(answers.filter((a) => a.statusCode !== 201).map((a) => a.body)).toEqual([]);

    const checked = await balancesAndSums(database, tenant.id);
    expect(checked).toHaveLength(3);
    for (const row of checked) expect(row.balance).toBe(row.summed);
    const overview = (await api.get('/dashboard/cases')).json();
    expect(overview.total_centimes).toBe(expectedTotal);
    expect(checked.reduce((sum, row) => sum + Number(row.summed), 0)).toBe(expectedTotal);
  });
});
