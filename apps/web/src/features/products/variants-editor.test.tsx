import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TProduct } from '@cod/shared';
import type * as ToastModule from '../../lib/toast';
import { OWNER, renderApp, signIn } from '../../test/render-app';
import { ProductForm } from './product-form';
import { productToForm } from './product-form-values';
import { renderNewProductForm } from './product-form-test-support';

// Toasts are notistack's business; here only that one is asked for matters.
vi.mock('../../lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof ToastModule>()),
  toast: vi.fn(async () => undefined),
}));

function renderForm() {
  const fetchMock = renderNewProductForm({ name: 'T-shirt', sku: 'TS', price: '2500' });
  fireEvent.click(screen.getByLabelText(/comes in variants/));
  return fetchMock;
}

const editor = () => screen.getByTestId('variants-editor');
const variantInputs = (label: RegExp) => within(editor()).getAllByLabelText(label);
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create product' }));

describe('VariantsEditor (issue 3.1 variants)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts with one row priced like the product and says what is missing, field by field', async () => {
    const fetchMock = renderForm();
    expect((variantInputs(/^Price/)[0] as HTMLInputElement).value).toBe('2500');

    submit();

    const nameField = variantInputs(/Variant name/)[0]!.closest('.MuiFormControl-root') as HTMLElement;
    const skuField = variantInputs(/^SKU/)[0]!.closest('.MuiFormControl-root') as HTMLElement;
    expect(await within(nameField).findByText('The name field is required.')).toBeTruthy();
    expect(within(skuField).getByText('The SKU field is required.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a variant SKU used twice (or equal to the product SKU), under the repeated one', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add a variant' }));
    fireEvent.change(variantInputs(/Variant name/)[0]!, { target: { value: 'Black / M' } });
    fireEvent.change(variantInputs(/Variant name/)[1]!, { target: { value: 'Black / L' } });
    fireEvent.change(variantInputs(/^SKU/)[0]!, { target: { value: 'TS-M' } });
    fireEvent.change(variantInputs(/^SKU/)[1]!, { target: { value: 'ts-m' } });

    submit();

    const second = variantInputs(/^SKU/)[1]!.closest('.MuiFormControl-root') as HTMLElement;
    const first = variantInputs(/^SKU/)[0]!.closest('.MuiFormControl-root') as HTMLElement;
    expect(await within(second).findByText('The sku has already been taken.')).toBeTruthy();
    expect(within(first).queryByText('The sku has already been taken.')).toBeNull();
  });

  it('says a variant is needed when all rows were removed', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Remove variant 1' }));

    submit();

    expect(await within(editor()).findByText('Add at least one variant.')).toBeTruthy();
  });

  it("puts the server's nested 422 (variants.1.sku) under that variant's SKU", async () => {
    const fetchMock = renderForm();
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          message: 'The sku has already been taken.',
          code: 'product.sku_taken',
          params: {},
          errors: { 'variants.1.sku': ['The sku has already been taken.'] },
          error_codes: { 'variants.1.sku': [{ code: 'product.sku_taken', params: {} }] },
        }),
        { status: 422 },
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add a variant' }));
    ['Black / M', 'Black / L'].forEach((name, i) =>
      fireEvent.change(variantInputs(/Variant name/)[i]!, { target: { value: name } }),
    );
    ['TS-M', 'TS-L'].forEach((sku, i) => fireEvent.change(variantInputs(/^SKU/)[i]!, { target: { value: sku } }));
    fireEvent.click(within(editor()).getAllByRole('button', { name: 'Add an attribute' })[0]!);
    fireEvent.change(within(editor()).getByLabelText(/^Attribute/), { target: { value: 'Size' } });
    fireEvent.change(within(editor()).getByLabelText(/^Value/), { target: { value: 'M' } });

    submit();

    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const body = JSON.parse(String((fetchMock.mock.calls[0] as [string, RequestInit])[1].body)) as {
      variants: Array<{ sku: string; attributes: unknown[] }>;
    };
    expect(body.variants.map((v) => v.sku)).toEqual(['TS-M', 'TS-L']);
    expect(body.variants[0]!.attributes).toEqual([{ name: 'Size', value: 'M' }]);
    const second = variantInputs(/^SKU/)[1]!.closest('.MuiFormControl-root') as HTMLElement;
    expect(await within(second).findByText('The sku has already been taken.')).toBeTruthy();
  });

  it('keeps the rows while the switch is off but sends no variants', async () => {
    const fetchMock = renderForm();
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ id: 1, name: 'T-shirt' }), { status: 201 }));
    fireEvent.click(screen.getByLabelText(/comes in variants/));

    submit();

    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const body = JSON.parse(String((fetchMock.mock.calls[0] as [string, RequestInit])[1].body)) as {
      has_variants: boolean;
      variants: unknown[];
    };
    expect(body).toMatchObject({ has_variants: false, variants: [] });
  });

  it("sends each variant's purchase cost and says what counts when it is empty (issue 13.6)", async () => {
    const fetchMock = renderForm();
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ id: 1, name: 'T-shirt' }), { status: 201 }));
    const cost = () => variantInputs(/^Purchase cost/)[0]!.closest('.MuiFormControl-root') as HTMLElement;
    expect(within(cost()).getByText(/else the unit cost of the latest purchase/)).toBeTruthy();
    // The product's own cost price stands for an empty variant cost.
    fireEvent.change(screen.getByLabelText(/^Cost price/), { target: { value: '900' } });
    expect(await within(cost()).findByText(/^Empty: the product's cost price \(.*900,00.*DA.*\)\.$/)).toBeTruthy();

    fireEvent.change(variantInputs(/Variant name/)[0]!, { target: { value: 'Noir / M' } });
    fireEvent.change(variantInputs(/^SKU/)[0]!, { target: { value: 'TS-NM' } });
    fireEvent.change(variantInputs(/^Purchase cost/)[0]!, { target: { value: '-5' } });
    submit();
    expect(await within(cost()).findByText('The cost price must be at least 0.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(variantInputs(/^Purchase cost/)[0]!, { target: { value: '1200.50' } });
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const body = JSON.parse(String((fetchMock.mock.calls[0] as [string, RequestInit])[1].body)) as {
      cost_price: number;
      variants: Array<{ cost_price: number | null }>;
    };
    expect(body.cost_price).toBe(900);
    expect(body.variants[0]!.cost_price).toBe(1200.5);
  });

  it("offers a saved variant's latest purchase as its cost when neither it nor the product has one", () => {
    const variant = (id: number, name: string, cost: number | null, last: number | null) => ({
      id,
      name,
      sku: `TS-${name}`,
      price: 1500,
      cost_price: cost,
      last_unit_cost: last,
      attributes: [],
      on_hand: 4,
      reserved: 1,
      available: 3,
    });
    const product: TProduct = {
      id: 7,
      name: 'T-shirt',
      sku: 'TS',
      price: 1500,
      cost_price: null,
      active: true,
      has_variants: true,
      variants: [variant(1, 'S', null, 750), variant(2, 'M', 820, 700)],
      custom_fields: [],
      low_stock_threshold: null,
      image_url: null,
      thumbnail_url: null,
      on_hand: 8,
      reserved: 2,
      available: 6,
      is_low_stock: false,
      archived_at: null,
      created_at: '2026-11-01T10:00:00.000Z',
      updated_at: '2026-11-01T10:00:00.000Z',
    };
    signIn(OWNER);
    vi.stubGlobal('fetch', vi.fn());
    renderApp(<ProductForm product={product} defaultValues={productToForm(product)} onClose={() => undefined} />);
    const costs = variantInputs(/^Purchase cost/) as HTMLInputElement[];
    expect(costs.map((input) => input.value)).toEqual(['', '820']);
    const first = costs[0]!.closest('.MuiFormControl-root') as HTMLElement;
    expect(within(first).getByText(/^Empty: the latest purchase's unit cost \(.*750,00.*DA.*\)\.$/)).toBeTruthy();
  });
});
