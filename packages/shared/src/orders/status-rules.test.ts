import { describe, expect, it } from 'vitest';
import { STATUS_TYPES } from '../statuses.js';
import { isDeletableStatusType, isEditableStatusType, isOpenStatusType } from './status-rules.js';

describe('status type rules', () => {
  it('edits orders still being worked, or cancelled (docs/decisions/0016)', () => {
    expect(STATUS_TYPES.filter(isEditableStatusType)).toEqual(['new', 'pending', 'confirmed', 'reported', 'cancelled']);
  });

  it('deletes every order except one in a carrier’s hands', () => {
    expect(STATUS_TYPES.filter((type) => !isDeletableStatusType(type))).toEqual(['follow-up', 'inDispatch']);
  });

  it('counts as open an order not yet delivered, returned or cancelled', () => {
    expect(STATUS_TYPES.filter(isOpenStatusType)).toEqual([
      'new',
      'pending',
      'confirmed',
      'reported',
      'follow-up',
      'inDispatch',
    ]);
  });
});
