import { LAYOUT_DEFAULTS } from '@cod/shared';
import { describe, expect, it } from 'vitest';
import { layoutStorageKey, readLayoutSettings } from './layout-settings';

describe('readLayoutSettings', () => {
  it('starts from the SPEC 9 defaults, right-to-left only for Arabic', () => {
    expect(readLayoutSettings('en')).toEqual(LAYOUT_DEFAULTS);
    expect(readLayoutSettings('ar')).toEqual({ ...LAYOUT_DEFAULTS, isRtl: true });
  });

  it('reads choices stored under app-title-prefixed keys and ignores values it does not know', () => {
    localStorage.setItem(layoutStorageKey('theme'), 'dark');
    localStorage.setItem(layoutStorageKey('navCollapsed'), 'true');
    localStorage.setItem(layoutStorageKey('skin'), 'neon');
    localStorage.setItem(layoutStorageKey('isRtl'), 'false');

    const settings = readLayoutSettings('ar');

    expect(layoutStorageKey('theme')).toBe('codboard-theme');
    expect(settings.theme).toBe('dark');
    expect(settings.navCollapsed).toBe(true);
    expect(settings.skin).toBe(LAYOUT_DEFAULTS.skin);
    expect(settings.isRtl).toBe(false);
  });
});
