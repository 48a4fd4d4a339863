import { describe, expect, it } from 'vitest';
import { isPreloaderExempt } from './navigation-preloader';

describe('isPreloaderExempt (SPEC 2.1)', () => {
  it('spares the home and Orders pages the full-screen preloader', () => {
    expect(isPreloaderExempt('/dashboard')).toBe(true);
    expect(isPreloaderExempt('/dashboard/')).toBe(true);
    expect(isPreloaderExempt('/dashboard/orders')).toBe(true);
  });

  it('shows it everywhere else', () => {
    expect(isPreloaderExempt('/dashboard/products')).toBe(false);
    expect(isPreloaderExempt('/dashboard/profile')).toBe(false);
    expect(isPreloaderExempt('/subscription/expired')).toBe(false);
  });
});
