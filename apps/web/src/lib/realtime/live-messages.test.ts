import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import { ordersOf } from './events';
import {
  batchOf,
  coalesce,
  mergeBatches,
  newOrderMessage,
  NEW_ORDER_TOAST_MS,
  notificationMessage,
  statusMessage,
  STATUS_TOAST_MS,
} from './live-messages';
import { applyPresence } from './presence';
import { NEW_ORDER_VOLUME, playNewOrderSound, resetNewOrderSound } from './sound';

const i18n = createI18n('en', { en: { translation: en } });
const t = i18n.t.bind(i18n);

afterEach(() => {
  vi.useRealTimers();
  resetNewOrderSound();
});

describe('toast texts and durations (SPEC 9)', () => {
  it('5 s for a new order, 3 s for a status', () => {
    expect(NEW_ORDER_TOAST_MS).toBe(5000);
    expect(STATUS_TOAST_MS).toBe(3000);
  });

  it('names one new order, counts a batch (an import chunk is one toast)', () => {
    expect(newOrderMessage(t, batchOf({ orders: [{ id: 4, order_number: 'ORD-4' }] }))).toBe('New order ORD-4');
    expect(newOrderMessage(t, batchOf({ order: { id: 9 } }))).toBe('New order #9');
    const chunk = batchOf({ orders: Array.from({ length: 50 }, (_, i) => ({ id: i + 1 })) });
    expect(newOrderMessage(t, mergeBatches([chunk, batchOf({ count: 3 })]))).toBe('53 new orders');
    expect(newOrderMessage(t, batchOf({}))).toBeNull();
  });

  it('says the new status of one order, counts a bulk update', () => {
    const one = batchOf({
      orders: [{ id: 1, order_number: 12, status: { name: 'confirmed', display_name: 'Confirmed' } }],
    });
    expect(statusMessage(t, one)).toBe('Order 12: Confirmed');
    expect(statusMessage(t, batchOf({ orders: [{ id: 1 }, { id: 2 }] }))).toBe('2 orders updated');
  });

  it('translates known notification kinds, shows the server text otherwise', () => {
    expect(notificationMessage(t, { kind: 'low_stock', params: { name: 'Robe', current: 2, threshold: 5 } })).toBe(
      'Product "Robe" is low on stock (2 / 5)',
    );
    expect(notificationMessage(t, { kind: 'import_finished', params: { count: 120 } })).toBe(
      'Import completed! 120 orders processed successfully.',
    );
    expect(notificationMessage(t, { kind: 'order_assigned', params: { count: 1, number: 12, order_id: 4 } })).toBe(
      'Order 12 was assigned to you',
    );
    expect(notificationMessage(t, { kind: 'order_assigned', params: { count: 40 } })).toBe(
      '40 orders were assigned to you',
    );
    expect(notificationMessage(t, { kind: 'something_new', message: 'Hello' })).toBe('Hello');
    expect(notificationMessage(t, {})).toBeNull();
  });

  it("says the server's notification kinds in French and Arabic too", () => {
    const frI18n = createI18n('fr', { fr: { translation: fr } });
    const arI18n = createI18n('ar', { ar: { translation: ar } });
    const inFr = frI18n.t.bind(frI18n);
    const inAr = arI18n.t.bind(arI18n);
    const one = { kind: 'order_assigned', params: { count: 1, number: 12 } };
    const many = { kind: 'order_assigned', params: { count: 3 } };
    const low = { kind: 'low_stock', params: { name: 'Robe', current: 2, threshold: 5 } };
    expect(notificationMessage(inFr, one)).toBe('La commande 12 vous a été attribuée');
    expect(notificationMessage(inFr, many)).toBe('3 commandes vous ont été attribuées');
    expect(notificationMessage(inFr, low)).toBe('Le produit « Robe » est en stock faible (2 / 5)');
    expect(notificationMessage(inAr, one)).toBe('تم إسناد الطلب 12 إليك');
    expect(notificationMessage(inAr, many)).toBe('تم إسناد 3 طلبات إليك');
    expect(notificationMessage(inAr, low)).toBe('المنتج "Robe" مخزونه منخفض (2 / 5)');
  });

  it('reads the three payload shapes, and nothing from garbage', () => {
    expect(ordersOf({ orders: [{ id: 1 }] })).toEqual([{ id: 1 }]);
    expect(ordersOf({ order: { id: 2 } })).toEqual([{ id: 2 }]);
    expect(ordersOf({ id: 3 } as never)).toEqual([{ id: 3 }]);
    expect(ordersOf(null)).toEqual([]);
    expect(ordersOf({ orders: 'x' } as never)).toEqual([]);
  });

  it('coalesces a burst into one flush', () => {
    vi.useFakeTimers();
    const flushed: number[][] = [];
    const gate = coalesce<number>(400, (items) => flushed.push(items));
    gate.push(1);
    gate.push(2);
    vi.advanceTimersByTime(399);
    gate.push(3);
    vi.advanceTimersByTime(1);
    gate.push(4);
    vi.advanceTimersByTime(400);
    expect(flushed).toEqual([[1, 2, 3], [4]]);
  });
});

describe('new-order sound (SPEC 7)', () => {
  function fakeAudio() {
    const gains: number[] = [];
    const started: number[] = [];
    const context = {
      state: 'running',
      currentTime: 0,
      destination: {},
      resume: () => Promise.resolve(),
      createGain: () => ({
        connect: () => undefined,
        gain: { setValueAtTime: (value: number) => gains.push(value), exponentialRampToValueAtTime: () => undefined },
      }),
      createOscillator: () => ({
        type: 'sine',
        frequency: { setValueAtTime: () => undefined },
        connect: () => undefined,
        start: (at: number) => started.push(at),
        stop: () => undefined,
      }),
    };
    return { context: context as unknown as AudioContext, gains, started };
  }

  it('plays at volume 0.3, creates the audio context only when first needed, one chime per burst', () => {
    const audio = fakeAudio();
    let created = 0;
    const factory = () => {
      created += 1;
      return audio.context;
    };
    expect(created).toBe(0);
    expect(playNewOrderSound(factory, 10_000)).toBe(true);
    expect(NEW_ORDER_VOLUME).toBe(0.3);
    expect(audio.gains.length).toBeGreaterThan(0);
    expect(new Set(audio.gains)).toEqual(new Set([0.3]));
    expect(playNewOrderSound(factory, 10_500)).toBe(false); // same burst
    expect(playNewOrderSound(factory, 12_000)).toBe(true);
    expect(created).toBe(1);
  });

  it('stays silent without an audio device instead of throwing', () => {
    expect(
      playNewOrderSound(() => {
        throw new Error('AudioContext is not defined');
      }),
    ).toBe(false);
  });
});

describe('presence cache', () => {
  it('applies a live change to the list read from the server', () => {
    const list = {
      data: [
        { user_id: 1, online: false, last_changed: null },
        { user_id: 3, online: true, last_changed: '2026-01-01T00:00:00.000Z' },
      ],
    };
    const change = { user_id: 1, online: true, last_changed: '2026-01-02T00:00:00.000Z' };
    expect(applyPresence(list, change)?.data).toEqual([change, list.data[1]]);
    expect(applyPresence(list, { user_id: 2, online: true, last_changed: null })?.data.map((r) => r.user_id)).toEqual([
      1, 2, 3,
    ]);
    expect(applyPresence(undefined, change)).toBeUndefined();
  });
});
