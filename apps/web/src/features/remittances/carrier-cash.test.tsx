import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OWNER, renderApp, signIn } from '../../test/render-app';
import { CarrierCash } from './carrier-cash';

const bucket = (centimes: number, parcels: number) => ({ centimes, parcels });
const CARRIERS = [
  {
    shipping_company_id: 1,
    name: 'Yalidine',
    // 3 delivered parcels owing 2 650 DA each, 2 returns of 200 DA each (decision 0112).
    owed_centimes: 755_000,
    parcels: 5,
    returned_parcels: 2,
    return_fees_centimes: 40_000,
    fetch_payments: true,
    buckets: { d0_7: bucket(755_000, 5), d8_14: bucket(0, 0), d15_30: bucket(0, 0), d30_plus: bucket(0, 0) },
  },
  {
    shipping_company_id: 2,
    name: 'Nos livreurs',
    owed_centimes: 265_000,
    parcels: 1,
    returned_parcels: 0,
    return_fees_centimes: 0,
    fetch_payments: false,
    buckets: { d0_7: bucket(265_000, 1), d8_14: bucket(0, 0), d15_30: bucket(0, 0), d30_plus: bucket(0, 0) },
  },
];

beforeEach(() => signIn(OWNER));
afterEach(() => vi.unstubAllGlobals());

describe('CarrierCash: return fees (decision 0112)', () => {
  it('shows the return fees taken off a carrier’s owed cash, only where it has returns', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: CARRIERS }), { status: 200 })),
    );
    renderApp(<CarrierCash />);
    const fees = await screen.findAllByTestId('carrier-return-fees');
    expect(fees).toHaveLength(1);
    expect(fees[0]!.textContent?.replace(/\s/g, ' ')).toContain('400,00 DA');
    expect(fees[0]!.closest('[data-testid="carrier-cash-row"]')?.getAttribute('data-name')).toBe('Yalidine');
  });
});
