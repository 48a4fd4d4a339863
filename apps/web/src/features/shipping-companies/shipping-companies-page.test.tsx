import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { ShippingCompaniesPage } from './shipping-companies-page';
import { serveFetch, shippingCompany, signInAsShippingManager } from './shipping-companies-test-support';

const YALIDINE = shippingCompany({
  kind: 'yalidine',
  code: 'yalidine',
  name: 'Yalidine',
  credentials: { api_id: '••••••••', api_token: '••••••••9f3a' },
  webhook_url: 'http://localhost/webhooks/carriers/abc',
});
const PRESETS = {
  data: [
    {
      code: 'yalidine',
      name: 'Yalidine',
      kind: 'yalidine',
      base_url: 'https://api.yalidine.app/v1',
      credential_fields: [
        { name: 'api_id', secret: true, required: true },
        { name: 'api_token', secret: true, required: true },
      ],
    },
    { code: 'manual', name: 'Own drivers', kind: 'manual', base_url: null, credential_fields: [] },
  ],
};

function serve() {
  return serveFetch((url, init) => {
    if (init?.method === 'POST')
      return new Response(JSON.stringify({ message: 'ok', data: YALIDINE }), { status: 201 });
    if (url.endsWith('/presets')) return new Response(JSON.stringify(PRESETS), { status: 200 });
    return new Response(JSON.stringify({ data: [YALIDINE], total: 1 }), { status: 200 });
  });
}

signInAsShippingManager();

describe('ShippingCompaniesPage (issue 5.3)', () => {
  it('lists companies without ever showing a secret, and adds one with its credentials', async () => {
    const fetchMock = serve();
    renderApp(<ShippingCompaniesPage />);
    const table = await screen.findByTestId('shipping-companies-table');
    expect(within(table).getByText('Yalidine')).toBeTruthy();
    expect(table.textContent).not.toContain('9f3a');

    fireEvent.click(screen.getByRole('button', { name: 'Add shipping company' }));
    const dialog = await screen.findByTestId('shipping-company-dialog');
    const carrier = within(dialog).getAllByRole('combobox')[0]!;
    await waitFor(() => expect(carrier.getAttribute('aria-disabled')).toBeNull());
    fireEvent.mouseDown(carrier);
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Yalidine'));
    fireEvent.change(within(dialog).getByTestId('credential-api_id'), { target: { value: 'my-id' } });
    fireEvent.change(within(dialog).getByTestId('credential-api_token'), { target: { value: 'my-token' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(init!.body as string)).toMatchObject({
      kind: 'yalidine',
      code: 'yalidine',
      name: 'Yalidine',
      credentials: { api_id: 'my-id', api_token: 'my-token' },
      served_wilayas: null,
    });
  });
});
