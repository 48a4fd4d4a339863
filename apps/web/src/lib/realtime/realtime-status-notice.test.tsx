import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pagePropsWith, renderApp } from '../../test/render-app';
import { realtimeHub } from './hub';
import { NOTICE_DELAY_MS, RealtimeStatusNotice } from './realtime-status-notice';

afterEach(() => {
  vi.useRealTimers();
  act(() => realtimeHub.setStatus('idle'));
});

describe('RealtimeStatusNotice', () => {
  it('says live updates are paused only when the connection stays down, and goes once reconnected', async () => {
    renderApp(<RealtimeStatusNotice />, { pageProps: pagePropsWith() });
    vi.useFakeTimers();
    act(() => realtimeHub.setStatus('connected'));
    act(() => realtimeHub.setStatus('reconnecting'));
    act(() => vi.advanceTimersByTime(NOTICE_DELAY_MS - 100));
    expect(screen.queryByTestId('realtime-reconnecting')).toBeNull();
    // A blip: back before the grace period ends, nothing was shown.
    act(() => realtimeHub.setStatus('connected'));
    act(() => vi.advanceTimersByTime(NOTICE_DELAY_MS));
    expect(screen.queryByTestId('realtime-reconnecting')).toBeNull();

    act(() => realtimeHub.setStatus('reconnecting'));
    act(() => vi.advanceTimersByTime(NOTICE_DELAY_MS + 10));
    expect(screen.getByTestId('realtime-reconnecting').textContent).toBe('Live updates paused, reconnecting…');
    act(() => realtimeHub.setStatus('connected'));
    expect(screen.queryByTestId('realtime-reconnecting')).toBeNull();
  });
});
