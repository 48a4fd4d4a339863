import { describe, expect, it } from 'vitest';
import { isTyping, outcomeOfKey } from './outcome-panel';
import { isNextOrderKey } from './use-call-centre';

describe('call centre keys (decision 0084)', () => {
  it('maps 1-7 to the outcomes and nothing else', () => {
    expect(['1', '2', '3', '4', '5', '6', '7'].map(outcomeOfKey)).toEqual([
      'no_answer',
      'busy',
      'phone_off',
      'wrong_number',
      'callback',
      'confirmed',
      'cancelled',
    ]);
    expect(outcomeOfKey('8')).toBeUndefined();
    expect(outcomeOfKey('n')).toBeUndefined();
  });

  it('N without modifiers is the next order, by key or physical key; Alt+N stays the new order', () => {
    const key = (over: Partial<KeyboardEvent>) =>
      ({ altKey: false, ctrlKey: false, metaKey: false, code: '', key: '', ...over }) as KeyboardEvent;
    expect(isNextOrderKey(key({ key: 'n', code: 'KeyN' }))).toBe(true);
    // An Arabic layout types another letter on the same physical key.
    expect(isNextOrderKey(key({ key: 'ى', code: 'KeyN' }))).toBe(true);
    expect(isNextOrderKey(key({ key: 'n', code: 'KeyN', altKey: true }))).toBe(false);
    expect(isNextOrderKey(key({ key: 'n', code: 'KeyN', ctrlKey: true }))).toBe(false);
  });

  it('leaves keys alone while a field is being typed in', () => {
    expect(isTyping(document.createElement('input'))).toBe(true);
    expect(isTyping(document.createElement('textarea'))).toBe(true);
    expect(isTyping(document.createElement('button'))).toBe(false);
    expect(isTyping(null)).toBe(false);
  });
});
