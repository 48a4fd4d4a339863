import createCache from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

// SPEC 1 / 7: Arabic is right-to-left. MUI's physical styles (left/right, paddings) are flipped by
// the stylis rtl plugin; our own styles use logical properties, which the plugin leaves alone.
export const ltrCache = createCache({ key: 'mui' });
export const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
