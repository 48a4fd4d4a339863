import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCarrierBox, TCashBox, TCentimes } from '@cod/shared';
import { OWNER, renderApp, signIn } from '../../test/render-app';
import { RemittanceDialog } from './remittance-dialog';

const c = (n: number) => n as TCentimes;
const YALIDINE: TCarrierBox = { shipping_company_id: 1, name: 'Yalidine', balance_centimes: c(530_000), parcels: 2 };
const OWN: TCarrierBox = { shipping_company_id: 2, name: 'Nos livreurs', balance_centimes: c(0), parcels: 0 };
const BOXES: TCashBox[] = [{ id: 5, name: 'Banque', kind: 'bank', balance_centimes: c(0), archived_at: null }];
const cash = (id: number, fetch_payments: boolean) => ({
  shipping_company_id: id,
  name: id === 1 ? 'Yalidine' : 'Nos livreurs',
  owed_centimes: 0,
  parcels: 0,
  returned_parcels: 0,
  return_fees_centimes: 0,
  fetch_payments,
  buckets: {},
});
const RESULT = {
  id: 9,
  shipping_company_id: 1,
  shipping_company_name: 'Yalidine',
  box_id: 5,
  box_name: 'Banque',
  received_on: '2026-11-26',
  reference: 'PAY-20261120',
  amount_centimes: 530_000,
  matched_count: 2,
  issue_count: 0,
  file_name: null,
  created_at: '2026-11-26T10:00:00.000Z',
  matched_centimes: 530_000,
  credited_centimes: 265_000,
  not_credited: {
    unknown: { count: 0, centimes: 0 },
    short_paid: { count: 0, centimes: 0 },
    paid_twice: { count: 1, centimes: 265_000 },
  },
  issues: [],
};

/** The carriers' figures say who offers payment status; the fetch answers `fetchAnswer`. */
function serve(fetchAnswer: { status: number; body: unknown }) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/dashboard/remittances/carriers')) {
      return new Response(JSON.stringify({ data: [cash(1, true), cash(2, false)] }), { status: 200 });
    }
    return new Response(JSON.stringify(fetchAnswer.body), { status: fetchAnswer.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => signIn(OWNER));
afterEach(() => vi.unstubAllGlobals());

describe('RemittanceDialog: fetch from carrier (decision 0113)', () => {
  it('offers the fetch only for a carrier that gives payment status', async () => {
    const fetchMock = serve({ status: 201, body: RESULT });
    renderApp(<RemittanceDialog carriers={[OWN, YALIDINE]} boxes={BOXES} onClose={() => undefined} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // The first carrier (no payment status) is selected: the upload only.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('remittance-fetch')).toBeNull();
  });

  it('fetches the carrier’s payments with the header and shows the matching', async () => {
    const fetchMock = serve({ status: 201, body: RESULT });
    renderApp(<RemittanceDialog carriers={[YALIDINE, OWN]} boxes={BOXES} onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('remittance-fetch'));
    await screen.findByTestId('remittance-result');
    const call = fetchMock.mock.calls.find(([url]) => url === '/dashboard/remittances/fetch') as unknown as [
      string,
      RequestInit,
    ];
    expect(call[1].method).toBe('POST');
    expect(JSON.parse(String(call[1].body))).toMatchObject({ shipping_company_id: 1, box_id: 5, reference: null });
  });

  it('says what the box was credited and what it was not (decision 0141)', async () => {
    serve({ status: 201, body: RESULT });
    renderApp(<RemittanceDialog carriers={[YALIDINE, OWN]} boxes={BOXES} onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('remittance-fetch'));
    await screen.findByTestId('remittance-result');
    expect(screen.getByTestId('remittance-credited').textContent).toMatch(/2\s?650,00/);
    const held = screen.getAllByTestId('remittance-not-credited');
    expect(held).toHaveLength(1);
    expect(held[0]!.textContent).toMatch(/^.*1\s*2\s?650,00/);
  });

  it('shows the server’s coded refusal', async () => {
    serve({
      status: 422,
      body: {
        message: 'Yalidine reports no payment for the parcels it still owes.',
        code: 'validation',
        errors: { shipping_company_id: ['Yalidine reports no payment for the parcels it still owes.'] },
        error_codes: {
          shipping_company_id: [{ code: 'money.carrier_nothing_paid', params: { carrier: 'Yalidine' } }],
        },
      },
    });
    renderApp(<RemittanceDialog carriers={[YALIDINE]} boxes={BOXES} onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('remittance-fetch'));
    expect(await screen.findByText('Yalidine reports no payment for the parcels it still owes.')).toBeTruthy();
  });
});
