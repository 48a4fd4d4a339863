import { describe, expect, it } from 'vitest';
import { MESSAGE_CODES, MESSAGE_TEMPLATES } from './catalogue.js';
import { ERROR_KINDS } from './kinds.js';
import { decodeMessage, m } from './message.js';
import { englishOf, orderError, readMessage, renderMessage } from './render.js';

describe('the message catalogue (docs/decisions/0041)', () => {
  it('has dotted lowercase codes, none the prefix of another (they nest in the locale files)', () => {
    for (const code of MESSAGE_CODES) {
      expect(code).toMatch(/^[a-z][a-z0-9_]*\.[a-z0-9_]+$/);
      expect(MESSAGE_CODES.filter((other) => other.startsWith(`${code}.`))).toEqual([]);
      // i18next reads key_one, key_many... as plural forms of key.
      expect(code).not.toMatch(/_(zero|one|two|few|many|other)$/);
    }
    // A kind is a code too (the fallback of an error without a message); it never looks like one.
    for (const kind of ERROR_KINDS) expect(kind).not.toContain('.');
  });

  it('names its parameters with plain words', () => {
    for (const template of Object.values(MESSAGE_TEMPLATES)) {
      const braces = template.match(/[{}]/g) ?? [];
      const names = template.match(/\{\w+\}/g) ?? [];
      expect(braces.length).toBe(names.length * 2);
    }
  });

  it('renders the English of a token, parameters in place', () => {
    expect(englishOf(m('validation.required', { field: 'cost price' }))).toBe('The cost price field is required.');
    expect(englishOf(m('order.transition', { from: 'New', to: 'Livrée' }))).toBe(
      'This order cannot change the status from "New" to "Livrée".',
    );
    expect(readMessage(m('order.bulk_updated', { count: 3 }))).toEqual({
      code: 'order.bulk_updated',
      params: { count: 3 },
      message: 'Successfully updated 3 orders',
    });
  });

  it('reads back only its own tokens, never a sentence', () => {
    expect(decodeMessage(m('order.not_editable'))).toEqual({ code: 'order.not_editable', params: {} });
    expect(decodeMessage('The name field is required.')).toBeNull();
    expect(decodeMessage('Commune introuvable')).toBeNull();
    expect(decodeMessage('order.bulk_updated{not json')).toBeNull();
    expect(readMessage('unknown.code')).toBeNull();
    expect(englishOf('Commune introuvable')).toBe('Commune introuvable');
  });

  it('frames a carrier’s own words and lists per-order messages', () => {
    const errors = [orderError(7, 'Commune introuvable'), orderError(9, m('shipping.not_ready'))];
    expect(errors[0]).toEqual({
      order_id: 7,
      code: 'carrier.message',
      params: { reason: 'Commune introuvable' },
      message: 'Commune introuvable',
    });
    expect(errors[1]!.code).toBe('shipping.not_ready');
    expect(renderMessage({ code: 'shipping.dispatch_failed', params: { errors } })).toBe(
      'Failed to dispatch orders: Order 7: Commune introuvable; Order 9: Only confirmed orders (ready tab) can be handed to a shipping company.',
    );
    expect(renderMessage({ code: 'shipping.dispatch_single_failed', params: { messages: errors } })).toBe(
      'Failed to dispatch order: Commune introuvable, Only confirmed orders (ready tab) can be handed to a shipping company.',
    );
  });
});
