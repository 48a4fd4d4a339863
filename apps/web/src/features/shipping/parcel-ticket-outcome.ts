import type { TParcelTicketsResponse } from '@cod/shared';

export type TTicketNotice =
  { kind: 'error'; error: TParcelTicketsResponse['errors'][number] } | { kind: 'none' } | { kind: 'quiet' };

/**
 * SPEC 8 parcel tickets: the first returned error is told; with no error and no ticket, the
 * warning 'No parcel tickets available for selected orders'. Never both (issue 12 item 9c): an
 * order without a ticket because of an error is explained by that error. Tickets and no error:
 * nothing to tell, the list shows them.
 */
export function ticketNotice(answer: Pick<TParcelTicketsResponse, 'errors' | 'results'>): TTicketNotice {
  const first = answer.errors[0];
  if (first) return { kind: 'error', error: first };
  if (!answer.results.length) return { kind: 'none' };
  return { kind: 'quiet' };
}
