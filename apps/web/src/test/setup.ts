import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { appMessagesLoaded } from '../lib/i18n';

// jsdom has no matchMedia; MUI and the 'system' theme ask for it.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom does not scroll; the language switch restores the scroll position (SPEC 7).
window.scrollTo = () => undefined;

// The app's i18n fetches the server-message strings at import; a file must not end before they land.
beforeAll(() => appMessagesLoaded);

afterEach(() => {
  cleanup();
  localStorage.clear();
});
