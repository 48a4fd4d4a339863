import { describe, expect, it } from 'vitest';
import { formatDZD } from '../money.js';
import { chooseAgents, DEFAULT_ASSIGNMENT_SETTINGS } from './assignment.js';
import {
  fillWhatsAppTemplate,
  productsText,
  toWhatsAppNumber,
  unknownPlaceholders,
  whatsAppLink,
  ZWhatsAppTemplateInput,
} from './whatsapp.js';

const values = {
  customer_name: 'Karim Benali',
  order_number: 1042,
  products: 'Montre Classic x2, T-shirt (M)',
  total: 6600,
  wilaya: 'Alger',
  commune: 'Alger Centre',
  stop_desk: null,
  tracking_number: 'yal-ABC123',
};

describe('WhatsApp phone numbers (issue 15.4)', () => {
  it('turns an Algerian 0XXXXXXXXX into 213XXXXXXXXX', () => {
    expect(toWhatsAppNumber('0551234567')).toBe('213551234567');
    expect(toWhatsAppNumber('0661 23 45 67')).toBe('213661234567');
    expect(toWhatsAppNumber('07-71.23.45.67')).toBe('213771234567');
    expect(toWhatsAppNumber('021234567')).toBe('21321234567');
  });
  it('keeps international forms and refuses what is not a number', () => {
    expect(toWhatsAppNumber('+213551234567')).toBe('213551234567');
    expect(toWhatsAppNumber('00213551234567')).toBe('213551234567');
    expect(toWhatsAppNumber('213551234567')).toBe('213551234567');
    expect(toWhatsAppNumber('12345')).toBeNull();
    expect(toWhatsAppNumber('05512345678')).toBeNull();
    expect(toWhatsAppNumber('abc')).toBeNull();
    expect(toWhatsAppNumber('')).toBeNull();
    expect(toWhatsAppNumber(null)).toBeNull();
  });
});

describe('filling a template', () => {
  it('replaces every placeholder, the total in DA formatted fr-DZ, and leaves unknown ones', () => {
    const body =
      'Bonjour {customer_name}, commande #{order_number}: {products}. Total {total}. {wilaya} / {commune} {stop_desk} [{tracking_number}] {other}';
    expect(fillWhatsAppTemplate(body, values)).toBe(
      `Bonjour Karim Benali, commande #1042: Montre Classic x2, T-shirt (M). Total ${formatDZD(6600)}. Alger / Alger Centre  [yal-ABC123] {other}`,
    );
    expect(formatDZD(6600)).toMatch(/^6\s?600,00 DA$/u);
  });
  it('fills an Arabic template and encodes it in the wa.me link', () => {
    const text = fillWhatsAppTemplate('مرحبا {customer_name}، طلبك رقم {order_number} بمبلغ {total}', {
      ...values,
      customer_name: 'كريم',
    });
    expect(text).toBe(`مرحبا كريم، طلبك رقم 1042 بمبلغ ${formatDZD(6600)}`);
    const link = whatsAppLink('0551234567', text)!;
    expect(link.startsWith('https://wa.me/213551234567?text=')).toBe(true);
    expect(decodeURIComponent(link.split('?text=')[1]!)).toBe(text);
    expect(whatsAppLink('123', text)).toBeNull();
  });
  it('writes the products line and finds unknown placeholders', () => {
    expect(
      productsText([
        { product_name: 'Montre', variant_name: null, quantity: 2 },
        { product_name: 'T-shirt', variant_name: 'M', quantity: 1 },
      ]),
    ).toBe('Montre x2, T-shirt (M)');
    expect(unknownPlaceholders('{customer_name} {custmer} {total} {custmer}')).toEqual(['custmer']);
    const parsed = ZWhatsAppTemplateInput.safeParse({ name: 'x', locale: 'ar', body: 'hi {nope}' });
    expect(parsed.success).toBe(false);
    expect(ZWhatsAppTemplateInput.safeParse({ name: 'x', locale: 'de', body: 'hi' }).success).toBe(false);
    expect(ZWhatsAppTemplateInput.safeParse({ name: ' x ', locale: 'fr', body: ' {total} ' }).data).toEqual({
      name: 'x',
      locale: 'fr',
      body: '{total}',
    });
  });
});

describe('choosing agents (issue 15.3)', () => {
  const agent = (id: number, load = 0, online = true, productIds: number[] | null = null) => ({
    id,
    load,
    online,
    productIds: productIds ? new Set(productIds) : null,
  });
  const order = (...productIds: number[]) => ({ productIds });
  it('round-robin continues after the last agent and skips offline ones', () => {
    const settings = { ...DEFAULT_ASSIGNMENT_SETTINGS, mode: 'round_robin' as const };
    const out = chooseAgents(settings, [agent(3), agent(1), agent(2, 0, false)], [order(1), order(1), order(1)], 1);
    expect(out).toEqual({ agents: [3, 1, 3], lastAgentId: 3 });
  });
  it('least-loaded fills the emptiest first and never passes the cap', () => {
    const settings = { ...DEFAULT_ASSIGNMENT_SETTINGS, mode: 'least_loaded' as const, max_open_orders: 2 };
    const out = chooseAgents(settings, [agent(1, 1), agent(2, 0)], [order(1), order(1), order(1), order(1)], null);
    expect(out.agents).toEqual([2, 1, 2, null]);
  });
  it('product permissions: a limited agent gets only orders of its products; off mode assigns nothing', () => {
    const settings = { ...DEFAULT_ASSIGNMENT_SETTINGS, mode: 'least_loaded' as const };
    expect(chooseAgents(settings, [agent(1, 0, true, [7])], [order(7), order(7, 8)], null).agents).toEqual([1, null]);
    expect(
      chooseAgents({ ...settings, use_product_permissions: false }, [agent(1, 0, true, [7])], [order(8)], null).agents,
    ).toEqual([1]);
    expect(chooseAgents(DEFAULT_ASSIGNMENT_SETTINGS, [agent(1)], [order(1)], null).agents).toEqual([null]);
    expect(chooseAgents({ ...settings, online_only: false }, [agent(1, 0, false)], [order(1)], null).agents).toEqual([
      1,
    ]);
  });
});
