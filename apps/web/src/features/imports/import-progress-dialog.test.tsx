import { useState, type ComponentProps } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OWNER, renderApp, signIn } from '../../test/render-app';
import { ImportProgressDialog } from './import-progress-dialog';

type TBatch = { id: number; status: string; total_rows: number; success_count: number; failed_count: number };

/** A fake server: progress answers come from a queue (the last one repeats); every call is recorded. */
function fakeServer(
  progress: Array<TBatch | 'fail'>,
  errors: Array<{ row_number: number; error_message: string }> = [],
) {
  const calls: Array<{ method: string; url: string }> = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ method: init?.method ?? 'GET', url });
    if (url.endsWith('/progress')) {
      const next = progress.length > 1 ? progress.shift()! : progress[0]!;
      if (next === 'fail') return new Response('{"message":"boom"}', { status: 500 });
      return new Response(JSON.stringify({ success: true, batch: next }), { status: 200 });
    }
    if (url.endsWith('/results')) return new Response(JSON.stringify({ errors, total_errors: errors.length }));
    if (url.endsWith('/cancel')) return new Response('{"success":true}');
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, count: (suffix: string) => calls.filter((c) => c.url.endsWith(suffix)).length };
}

const batch = (status: string, done: number, failed = 0): TBatch => ({
  id: 7,
  status,
  total_rows: 40,
  success_count: done,
  failed_count: failed,
});

/** The dialog on batch 7, open, with the callbacks a test does not watch left as no-ops. */
function renderDialog(callbacks: Partial<ComponentProps<typeof ImportProgressDialog>>) {
  renderApp(
    <ImportProgressDialog
      open
      batchId={7}
      onClose={() => undefined}
      onRefreshOrders={() => undefined}
      {...callbacks}
    />,
  );
}

const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

/** testing-library's waitFor runs on the timers faked here: this one lets fake time pass in 1 ms steps (at most 50). */
async function waitFor(check: () => void) {
  for (let i = 0; ; i++) {
    try {
      check();
      return;
    } catch (error) {
      if (i > 50) throw error;
      await advance(1);
    }
  }
}

beforeEach(() => {
  signIn(OWNER);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ImportProgressDialog (SPEC 2.4 / 4)', () => {
  it('polls at once, then every 2 s; on completed stops, reads the results once and reports the batch', async () => {
    const rowErrors = Array.from({ length: 12 }, (_, i) => ({ row_number: i + 2, error_message: `Bad ${i}` }));
    const server = fakeServer([batch('processing', 10), batch('completed', 28, 12)], rowErrors);
    const onCompleted = vi.fn();
    const onRefresh = vi.fn();
    renderDialog({ onCompleted, onRefreshOrders: onRefresh });

    await waitFor(() => expect(screen.getByTestId('import-processed').textContent).toBe('10'));
    expect(screen.getByTestId('import-banner').textContent).toBe('Processing your import... Please wait.');
    expect(server.count('/progress')).toBe(1);
    expect(screen.getByTestId('import-percent').textContent).toBe('25%');
    expect(screen.getByTestId('import-cancel')).toBeTruthy();
    expect(screen.queryByTestId('import-close')).toBeNull();
    expect(screen.queryByTestId('import-progress-x')).toBeNull();
    expect(screen.queryByTestId('import-refresh')).toBeNull();

    await advance(2000);
    await waitFor(() => expect(screen.getByTestId('import-banner').textContent).toBe('Import completed successfully!'));
    expect(screen.getByTestId('import-percent').textContent).toBe('100%');
    expect(screen.getByTestId('import-total').textContent).toBe('40');
    expect(screen.getByTestId('import-processed').textContent).toBe('28');
    expect(screen.getByTestId('import-failed').textContent).toBe('12');
    await waitFor(() => expect(onCompleted).toHaveBeenCalledWith(batch('completed', 28, 12)));
    expect(server.count('/results')).toBe(1);
    expect(screen.queryByTestId('import-cancel')).toBeNull();
    expect(screen.getByTestId('import-close')).toBeTruthy();
    expect(screen.getByTestId('import-progress-x')).toBeTruthy();

    fireEvent.click(screen.getByTestId('import-view-errors'));
    expect(screen.getByTestId('import-view-errors').textContent).toContain('View Errors (12)');
    const items = [...screen.getByTestId('import-errors').querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual([
      ...rowErrors.slice(0, 10).map((e) => `Row ${e.row_number}: ${e.error_message}`),
      '... and 2 more errors',
    ]);

    await advance(6000);
    expect(server.count('/progress')).toBe(2);
    expect(server.count('/results')).toBe(1);
    fireEvent.click(screen.getByTestId('import-refresh'));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('ignores a failed progress call and keeps polling; Cancel Import cancels then re-reads', async () => {
    const server = fakeServer(['fail', batch('processing', 4), batch('processing', 8), batch('cancelled', 8)]);
    const onCancelled = vi.fn();
    renderDialog({ onCancelled });
    await waitFor(() => expect(server.count('/progress')).toBe(1));
    expect(screen.getByTestId('import-banner').textContent).toBe('Processing your import... Please wait.');

    await advance(2000);
    await waitFor(() => expect(screen.getByTestId('import-processed').textContent).toBe('4'));
    fireEvent.click(screen.getByTestId('import-cancel'));
    await waitFor(() => expect(server.count('/cancel')).toBe(1));
    await waitFor(() => expect(server.count('/progress')).toBe(3));
    await advance(2000);
    await waitFor(() => expect(screen.getByTestId('import-banner').textContent).toBe('Import was cancelled.'));
    await waitFor(() => expect(onCancelled).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('import-refresh')).toBeNull();
    expect(screen.getByTestId('import-close')).toBeTruthy();
  });

  it('polls only while open; another batch id clears the data and starts again; closing stops', async () => {
    const server = fakeServer([batch('processing', 1)]);
    function Harness() {
      const [open, setOpen] = useState(false);
      const [id, setId] = useState(7);
      return (
        <>
          <button onClick={() => setOpen(true)}>open</button>
          <button onClick={() => setId(8)}>next</button>
          <button onClick={() => setOpen(false)}>close</button>
          <ImportProgressDialog open={open} batchId={id} onClose={() => undefined} onRefreshOrders={() => undefined} />
        </>
      );
    }
    renderApp(<Harness />);
    await advance(4000);
    expect(server.calls).toEqual([]);

    fireEvent.click(screen.getByText('open'));
    await waitFor(() => expect(server.count('/7/progress')).toBe(1));
    await advance(2000);
    expect(server.count('/7/progress')).toBe(2);

    fireEvent.click(screen.getByText('next'));
    await waitFor(() => expect(server.count('/8/progress')).toBe(1));
    await advance(2000);
    expect(server.count('/7/progress')).toBe(2);
    expect(server.count('/8/progress')).toBe(2);

    fireEvent.click(screen.getByText('close'));
    await advance(6000);
    expect(server.calls).toHaveLength(4);
  });
});
