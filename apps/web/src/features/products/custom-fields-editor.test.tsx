import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ToastModule from '../../lib/toast';
import { renderNewProductForm } from './product-form-test-support';

// Toasts are notistack's business; here only that one is asked for matters.
vi.mock('../../lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof ToastModule>()),
  toast: vi.fn(async () => undefined),
}));

const renderForm = () => renderNewProductForm({ name: 'Engraved bracelet', sku: 'BR-1', price: '1500' });

const field = (number: number) => screen.getByRole('group', { name: `Field ${number}` });

function chooseType(group: HTMLElement, type: string) {
  fireEvent.mouseDown(within(group).getByRole('combobox', { name: 'Type' }));
  fireEvent.click(screen.getByRole('option', { name: type }));
}

describe('CustomFieldsEditor (SPEC 3 custom fields)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for options only for a select field, and refuses a select without any', async () => {
    const fetchMock = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add a field' }));
    fireEvent.change(within(field(1)).getByLabelText(/Label/), { target: { value: 'Gift wrap' } });
    expect(within(field(1)).queryByLabelText(/Options/)).toBeNull();

    chooseType(field(1), 'Choice list');
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await within(field(1)).findByText('A select field needs at least one option.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adds options with Enter or a comma and flags one listed twice', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add a field' }));
    fireEvent.change(within(field(1)).getByLabelText(/Label/), { target: { value: 'Size' } });
    chooseType(field(1), 'Choice list');
    const options = within(field(1)).getByLabelText(/Options/);

    fireEvent.change(options, { target: { value: 'S, M' } });
    fireEvent.change(options, { target: { value: 'm' } });
    fireEvent.keyDown(options, { key: 'Enter' });

    expect(within(field(1)).getByRole('button', { name: 'S' })).toBeTruthy();
    expect(within(field(1)).getByRole('button', { name: 'M' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await within(field(1)).findByText('The option is listed twice.')).toBeTruthy();
  });

  it('refuses two fields with the same label, under the second one', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add a field' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a field' }));
    fireEvent.change(within(field(1)).getByLabelText(/Label/), { target: { value: 'Engraving' } });
    fireEvent.change(within(field(2)).getByLabelText(/Label/), { target: { value: 'engraving' } });

    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await within(field(2)).findByText('The label must be unique within the product.')).toBeTruthy();
    expect(within(field(1)).queryByText('The label must be unique within the product.')).toBeNull();
  });

  it('has no placeholder for a checkbox, and sends the fields in the SPEC 3 shape', async () => {
    const fetchMock = renderForm();
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ id: 9, name: 'Engraved bracelet' }), { status: 201 }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a field' }));
    fireEvent.change(within(field(1)).getByLabelText(/Label/), { target: { value: 'Gift' } });
    chooseType(field(1), 'Checkbox');
    expect(within(field(1)).queryByLabelText('Placeholder')).toBeNull();
    fireEvent.click(within(field(1)).getByLabelText(/Required/));

    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    const body = JSON.parse(String(init.body)) as { custom_fields: unknown[] };
    expect(body.custom_fields).toEqual([
      { label: 'Gift', type: 'checkbox', required: true, placeholder: null, options: [] },
    ]);
  });
});
