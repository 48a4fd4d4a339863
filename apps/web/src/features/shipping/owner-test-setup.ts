import { afterEach, beforeEach, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { OWNER, signIn } from '../../test/render-app';

/**
 * The shipping screens' tests: each starts signed in as the owner with the toast spy cleared (the
 * test file mocks ../../lib/toast), and ends with its stubbed fetch restored.
 */
export function signInOwnerEachTest(): void {
  beforeEach(() => {
    signIn(OWNER);
    vi.mocked(toast).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());
}
