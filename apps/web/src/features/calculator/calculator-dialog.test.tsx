import { fireEvent, screen } from '@testing-library/react';
import { formatDZD } from '@cod/shared';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { CalculatorDialog } from './calculator-dialog';

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const calculateButton = () => screen.getByRole('button', { name: 'Calculate' }) as HTMLButtonElement;
const VALIDATION_ERROR = 'The sales price must not be lower than the product cost plus the shipping cost.';

const openCalculator = () => renderApp(<CalculatorDialog open onClose={() => undefined} />);

/** Types an offer's price and costs. */
function typeOffer(price: string, cost = '1200', shipping = '600') {
  type('Sales price', price);
  type('Product cost', cost);
  type('Shipping cost', shipping);
}

/** The price is below the costs: the error shows, Calculate is off and there are no results. */
function expectRefused() {
  expect(screen.getByText(VALIDATION_ERROR)).toBeTruthy();
  expect(calculateButton().disabled).toBe(true);
  expect(screen.queryByTestId('calculator-results')).toBeNull();
}

describe('CalculatorDialog', () => {
  it('starts with 50 % rates and shows results only after Calculate (SPEC 4 / 9)', () => {
    openCalculator();
    expect((screen.getByLabelText('Confirmation rate') as HTMLInputElement).value).toBe('50');
    expect((screen.getByLabelText('Delivery rate') as HTMLInputElement).value).toBe('50');

    typeOffer('3000');
    expect(screen.queryByTestId('calculator-results')).toBeNull();

    fireEvent.click(calculateButton());

    const results = screen.getByTestId('calculator-results');
    // success 25 %; max ad cost floor(1200 x 25 / 100) = 300; net 3000 - (1800 + 300 / 0.25) = 0
    expect(results.textContent).toContain('25%');
    expect(results.textContent).toContain(formatDZD(300));
    expect(results.textContent).toContain(formatDZD(0));
  });

  it("takes the seller's ad cost per order; empty assumes the maximum and says so (issue 12 item 9d)", () => {
    openCalculator();
    typeOffer('3000');
    fireEvent.click(calculateButton());
    expect(screen.getByTestId('calculator-ad-cost-note').textContent).toContain('No ad cost given');

    // 3000 - (1800 + 200 / 0.25) = 400 per delivered order.
    type('Your ad cost per order', '200');
    expect(screen.getByTestId('calculator-results').textContent).toContain(formatDZD(400));
    expect(screen.getByTestId('calculator-ad-cost-note').textContent).toContain(formatDZD(200));
  });

  it('shows the validation error, disables Calculate and hides results when price < costs', () => {
    openCalculator();
    typeOffer('3000');
    fireEvent.click(calculateButton());
    expect(screen.getByTestId('calculator-results')).toBeTruthy();

    // SPEC 5: after the first calculation the check re-runs live.
    type('Sales price', '1500');

    expectRefused();

    type('Sales price', '2000');

    expect(screen.queryByText(VALIDATION_ERROR)).toBeNull();
    expect(calculateButton().disabled).toBe(false);
    expect(screen.getByTestId('calculator-results')).toBeTruthy();
  });

  it('does not judge the inputs before the first Calculate, then keeps results hidden', () => {
    openCalculator();
    typeOffer('100');
    expect(screen.queryByText(VALIDATION_ERROR)).toBeNull();

    fireEvent.click(calculateButton());

    expectRefused();
  });

  it('flags rates above 100', () => {
    openCalculator();

    type('Delivery rate', '140');

    expect(screen.getByText('Between 0 and 100')).toBeTruthy();
  });
});
