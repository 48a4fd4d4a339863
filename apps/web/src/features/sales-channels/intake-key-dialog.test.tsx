import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { IntakeKeyDialog } from './intake-key-dialog';

const KEY = 'cod_in_4f9aXb2kQw-secret-value';

function renderDialog(reason: 'created' | 'rotated' = 'created') {
  const onClose = vi.fn();
  renderApp(<IntakeKeyDialog channelName="Facebook page" intakeKey={KEY} reason={reason} onClose={onClose} />);
  return onClose;
}

describe('IntakeKeyDialog (issue 3.7: the key is shown once)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the whole key, read-only, with the warning that it will not be shown again', () => {
    renderDialog();

    const input = screen.getByTestId('intake-key') as HTMLTextAreaElement;
    expect(input.value).toBe(KEY);
    expect(input.readOnly).toBe(true);
    expect(screen.getByRole('alert').textContent).toContain('you will not see it again');
    expect(screen.queryByText('The previous key has stopped working.')).toBeNull();
  });

  it('copies the key to the clipboard and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderDialog();

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith(KEY);
  });

  it('without a clipboard, selects the key and tells how to copy it', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    renderDialog();

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));

    expect(await screen.findByText(/The key is selected/)).toBeTruthy();
    const input = screen.getByTestId('intake-key') as HTMLTextAreaElement;
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, KEY.length]);
  });

  it('closes only on the explicit button, never on Escape', () => {
    const onClose = renderDialog('rotated');
    expect(screen.getByText('The previous key has stopped working.')).toBeTruthy();

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'I have saved the key' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
