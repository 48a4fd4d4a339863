import { describe, expect, it } from 'vitest';
import { customerRisk, isRisky } from './risk.js';
import { isWithinWorkingHours } from './working-hours.js';
import { DEFAULT_WORKING_HOURS } from '../admin/shop-settings.js';
import { ZCallAttemptRequest } from './outcomes.js';

describe('customer risk (decision 0085)', () => {
  it('a new customer is low risk with no reasons', () => {
    expect(customerRisk({ delivered: 0, returned: 0, cancelled_after_confirmation: 0 })).toEqual({
      delivered: 0,
      returned: 0,
      cancelled_after_confirmation: 0,
      score: 0,
      level: 'low',
      reasons: [],
    });
  });

  it('two returns and nothing delivered is high, with its reasons', () => {
    const risk = customerRisk({ delivered: 0, returned: 2, cancelled_after_confirmation: 0 });
    expect(risk.level).toBe('high');
    expect(risk.score).toBe(100);
    expect(risk.reasons).toEqual([
      { code: 'returned', value: 2 },
      { code: 'failure_rate', value: 100 },
    ]);
    expect(isRisky(risk)).toBe(true);
  });

  it('a return and a cancellation after confirmation against two deliveries is high (50 %)', () => {
    const risk = customerRisk({ delivered: 2, returned: 1, cancelled_after_confirmation: 1 });
    expect(risk.score).toBe(50);
    expect(risk.level).toBe('high');
  });

  it('one failure is at most medium, and a good record dilutes it', () => {
    expect(customerRisk({ delivered: 1, returned: 1, cancelled_after_confirmation: 0 }).level).toBe('medium');
    expect(customerRisk({ delivered: 3, returned: 1, cancelled_after_confirmation: 0 }).level).toBe('medium');
    expect(customerRisk({ delivered: 4, returned: 1, cancelled_after_confirmation: 0 }).level).toBe('low');
  });

  it('two failures among many deliveries stay below high', () => {
    const risk = customerRisk({ delivered: 8, returned: 2, cancelled_after_confirmation: 0 });
    expect(risk.score).toBe(20);
    expect(risk.level).toBe('low');
    expect(isRisky(risk)).toBe(false);
  });
});

describe('working hours', () => {
  it('reads the hours in the shop zone', () => {
    // Monday 2026-11-23 09:30 in Algiers is 08:30 UTC.
    expect(isWithinWorkingHours(DEFAULT_WORKING_HOURS, 'Africa/Algiers', new Date('2026-11-23T08:30:00Z'))).toBe(true);
    expect(isWithinWorkingHours(DEFAULT_WORKING_HOURS, 'Africa/Algiers', new Date('2026-11-23T07:30:00Z'))).toBe(false);
    expect(isWithinWorkingHours(DEFAULT_WORKING_HOURS, 'Africa/Algiers', new Date('2026-11-23T16:00:00Z'))).toBe(false);
    // Friday is closed.
    expect(isWithinWorkingHours(DEFAULT_WORKING_HOURS, 'Africa/Algiers', new Date('2026-11-27T10:00:00Z'))).toBe(false);
  });
});

describe('attempt request', () => {
  it('needs a callback time and a cancellation reason', () => {
    const callback = ZCallAttemptRequest.safeParse({ outcome: 'callback' });
    expect(callback.success).toBe(false);
    expect(callback.error?.issues[0]?.path).toEqual(['callback_at']);
    const cancelled = ZCallAttemptRequest.safeParse({ outcome: 'cancelled', note: ' ' });
    expect(cancelled.error?.issues[0]?.path).toEqual(['note']);
    expect(ZCallAttemptRequest.safeParse({ outcome: 'nope' }).success).toBe(false);
    expect(ZCallAttemptRequest.parse({ outcome: 'no_answer' })).toMatchObject({ outcome: 'no_answer', note: null });
  });
});
