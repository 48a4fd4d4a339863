import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCurrentShipment } from '@cod/shared';
import { OWNER, renderApp, signIn } from '../../test/render-app';
import { ShipmentTimelineDialog } from './shipment-timeline-dialog';

const shipment = (kind: 'ecotrack' | 'yalidine'): TCurrentShipment => ({
  id: 3,
  shipping_company: { id: 2, name: kind === 'ecotrack' ? 'DHD' : 'Yalidine', icon: null, code: 'dhd', kind },
  tracking_number: 'ECO-1234',
  status: 'delivered',
  provider_status: 'livred',
  driver_phone: '0555123456',
  formatted_created_at: '2026-11-21 10:00',
  created_time_ago: '2 days ago',
  statuses: [
    {
      id: 3,
      status: 'delivered',
      raw_status: 'livred',
      description: null,
      metadata: {},
      created_at: '2026-11-23T10:00:00Z',
      color: 'success',
    },
    {
      id: 2,
      status: 'in_transit_to_ship',
      raw_status: 'vers_wilaya',
      description: null,
      metadata: {},
      created_at: '2026-11-22T10:00:00Z',
      color: 'primary',
    },
    {
      id: 1,
      status: null,
      raw_status: 'notification_on_order',
      description: 'Client absent',
      metadata: {},
      created_at: '2026-11-21T12:00:00Z',
      color: 'info',
    },
  ],
});

const serve = (current: TCurrentShipment | null) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, order: { id: 5, current_shipment: current } }), { status: 200 }),
    ),
  );

beforeEach(() => signIn(OWNER));
afterEach(() => vi.unstubAllGlobals());

describe('ShipmentTimelineDialog (SPEC 2.4, 4, 6, 8)', () => {
  it("says 'No Active Shipment' when the order has no parcel", async () => {
    serve(null);
    renderApp(<ShipmentTimelineDialog orderId={5} onClose={() => undefined} />);
    expect(await screen.findByText('No Active Shipment')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refresh status' })).toBeNull();
  });

  it('lists the statuses newest first with SPEC 4 dot colours and the driver buttons for ecotrack only', async () => {
    serve(shipment('ecotrack'));
    const { unmount } = renderApp(<ShipmentTimelineDialog orderId={5} onClose={() => undefined} />);
    const list = await screen.findByTestId('shipment-timeline');
    const dots = [...list.querySelectorAll('[data-color]')].map((d) => d.getAttribute('data-color'));
    expect(dots).toEqual(['success', 'primary', 'info']);
    expect(list.textContent).toContain('Delivered');
    expect(list.textContent).toContain('Client absent');
    expect(screen.getByRole('button', { name: 'Notify driver' })).toBeTruthy();
    expect(screen.getByText(/0555123456/)).toBeTruthy();
    unmount();
    serve(shipment('yalidine'));
    renderApp(<ShipmentTimelineDialog orderId={5} onClose={() => undefined} />);
    await screen.findByTestId('shipment-timeline');
    expect(screen.queryByRole('button', { name: 'Notify driver' })).toBeNull();
  });
});
