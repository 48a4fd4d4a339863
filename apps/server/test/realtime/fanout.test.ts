import { describe, expect, it } from 'vitest';
import { deliveriesFor } from '../../src/realtime/fanout.js';
import { roomsForSession } from '../../src/realtime/rooms.js';

const session = (permissions: string[], isAdmin = false) => ({
  tenantId: 7,
  userId: 3,
  permissions: new Set(permissions),
  user: { is_admin: isAdmin },
});

describe('roomsForSession', () => {
  it('a user who sees every order joins the tenant orders channel; an admin also admin-orders', () => {
    expect(roomsForSession(session(['view orders', 'view all orders'], true)).sort()).toEqual(
      ['tenant:7:admin-orders', 'tenant:7:orders', 'tenant:7:presence', 'user:7:3'].sort(),
    );
  });

  it('a Support Agent joins only the room of the orders assigned to them', () => {
    expect(roomsForSession(session(['view orders'])).sort()).toEqual(
      ['tenant:7:orders:agent:3', 'tenant:7:presence', 'user:7:3'].sort(),
    );
  });

  it('without view orders, no order room at all (an admin flag alone gives none)', () => {
    expect(roomsForSession(session(['view stock'], true)).sort()).toEqual(['tenant:7:presence', 'user:7:3']);
  });
});

describe('deliveriesFor', () => {
  it('a notification goes to its user only', () => {
    expect(deliveriesFor({ type: 'Notification', tenantId: 7, userId: 9, payload: { kind: 'x' } })).toEqual([
      { to: ['user:7:9'], except: [], event: 'Notification', payload: { kind: 'x' } },
    ]);
  });

  it('an order batch goes whole to the channels, and cut per agent to each agent', () => {
    const orders = [
      { id: 1, agent_id: 5 },
      { id: 2, agent_id: 6 },
      { id: 3, agent_id: 5 },
      { id: 4, agent_id: null },
    ];
    const list = deliveriesFor({ type: 'OrderCreated', tenantId: 7, payload: { orders, source: 'import' } });
    expect(list[0]).toEqual({
      to: ['tenant:7:orders', 'tenant:7:admin-orders'],
      except: [],
      event: 'OrderCreated',
      payload: { orders, source: 'import' },
    });
    const byRoom = Object.fromEntries(list.slice(1).map((d) => [d.to[0], d]));
    expect(Object.keys(byRoom).sort()).toEqual(['tenant:7:orders:agent:5', 'tenant:7:orders:agent:6']);
    expect(byRoom['tenant:7:orders:agent:5']!.payload).toEqual({ orders: [orders[0], orders[2]], source: 'import' });
    expect(byRoom['tenant:7:orders:agent:6']!.payload).toEqual({ orders: [orders[1]], source: 'import' });
    expect(byRoom['tenant:7:orders:agent:5']!.except).toEqual(['tenant:7:admin-orders']);
  });

  it('a single order payload reaches its agent; a payload that does not say whose order reaches no agent', () => {
    const single = deliveriesFor({
      type: 'OrderStatusUpdated',
      tenantId: 7,
      payload: { order: { id: 1, agent_id: 5 } },
    });
    expect(single.map((d) => d.to[0])).toEqual(['tenant:7:orders', 'tenant:7:orders:agent:5']);
    const flat = deliveriesFor({ type: 'OrderStatusUpdated', tenantId: 7, payload: { id: 1, agent_id: 8 } });
    expect(flat.map((d) => d.to[0])).toEqual(['tenant:7:orders', 'tenant:7:orders:agent:8']);
    const reassigned = deliveriesFor({
      type: 'OrderStatusUpdated',
      tenantId: 7,
      payload: { change: 'assigned', order: { id: 1, agent_id: 5 }, agent_id_before: 6 },
    });
    expect(reassigned.map((d) => d.to[0])).toEqual([
      'tenant:7:orders',
      'tenant:7:orders:agent:5',
      'tenant:7:orders:agent:6',
    ]);
    const unknown = deliveriesFor({ type: 'OrderCreated', tenantId: 7, payload: { count: 3 } });
    expect(unknown.map((d) => d.to[0])).toEqual(['tenant:7:orders']);
    const stringAgent = deliveriesFor({
      type: 'OrderCreated',
      tenantId: 7,
      payload: { orders: [{ id: 1, agent_id: '5' }] },
    });
    expect(stringAgent).toHaveLength(1);
  });
});
