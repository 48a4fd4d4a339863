import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '../lib/toast';
import { Toaster } from './toaster';

// A save answered before the lazily loaded toaster has mounted (a quick Save on a page that just
// loaded) used to drop its toast silently: it now waits and is shown once the toaster is there.
describe('Toaster', () => {
  it('shows a toast asked for before it mounted, then the ones asked for after', async () => {
    await toast('Saved before the toaster was there', { variant: 'success' });
    const { unmount } = render(<Toaster />);
    expect(await screen.findByText('Saved before the toaster was there')).toBeTruthy();

    await act(() => toast('Saved once it was there'));
    expect(await screen.findByText('Saved once it was there')).toBeTruthy();

    // Unmounted, it no longer takes toasts; a new one shows what was asked meanwhile.
    unmount();
    await toast('Saved while no toaster was mounted');
    render(<Toaster />);
    expect(await screen.findByText('Saved while no toaster was mounted')).toBeTruthy();
  });
});
