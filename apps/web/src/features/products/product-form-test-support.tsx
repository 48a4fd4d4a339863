import { fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { OWNER, renderApp, signIn } from '../../test/render-app';
import { emptyProduct } from './product-form-values';
import { ProductForm } from './product-form';

/** A new product's form, signed in as the owner, its name, SKU and price typed; answers the fetch mock. */
export function renderNewProductForm(values: { name: string; sku: string; price: string }) {
  signIn(OWNER);
  const fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  renderApp(<ProductForm product={null} defaultValues={emptyProduct()} onClose={() => undefined} />);
  fireEvent.change(screen.getByLabelText(/Product name/), { target: { value: values.name } });
  fireEvent.change(screen.getByLabelText(/^SKU/), { target: { value: values.sku } });
  fireEvent.change(screen.getByLabelText(/^Price/), { target: { value: values.price } });
  return fetchMock;
}
