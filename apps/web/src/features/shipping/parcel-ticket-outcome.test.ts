import { describe, expect, it } from 'vitest';
import { ticketNotice } from './parcel-ticket-outcome';

const error = (order_id: number) => ({ order_id, message: 'No label yet', code: 'shipping.no_label', params: {} });
const ticket = (order_id: number) => ({ order_id, parcel_ticket_url: `/t/${order_id}` });

describe('parcel tickets notice (SPEC 8, issue 12 item 9c)', () => {
  it('an error and no ticket: the first error only, not the "no tickets" warning as well', () => {
    expect(ticketNotice({ errors: [error(7), error(8)], results: [] })).toEqual({ kind: 'error', error: error(7) });
  });

  it('no error and no ticket: the warning', () => {
    expect(ticketNotice({ errors: [], results: [] })).toEqual({ kind: 'none' });
  });

  it('some tickets and an error: the first error', () => {
    expect(ticketNotice({ errors: [error(9)], results: [ticket(1)] })).toEqual({ kind: 'error', error: error(9) });
  });

  it('tickets only: nothing to tell', () => {
    expect(ticketNotice({ errors: [], results: [ticket(1), ticket(2)] })).toEqual({ kind: 'quiet' });
  });
});
