import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { createI18n } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import catalogueEn from '../../locales/catalogue/en.json';
import en from '../../locales/en.json';
import { useArchiveRestore, type TDeleteResult } from './use-archive-restore';

vi.mock('../../lib/toast', () => ({ toast: vi.fn(async () => undefined) }));

const MUG = { id: 7, name: 'Mug' };
const MESSAGES = { deleted: 'products.deleted', archived: 'products.archived', restored: 'products.restored' };

function wrapper({ children }: { children: ReactNode }) {
  const i18n = createI18n('en', { en: { translation: en } });
  i18n.addResourceBundle('en', 'translation', catalogueEn, true, false);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

function mutation<T>(answer: () => Promise<T>) {
  return { mutateAsync: vi.fn((_id: number) => answer()), isPending: false };
}

afterEach(() => vi.mocked(toast).mockClear());

describe('useArchiveRestore', () => {
  it('asks first, then archives the row, says which way it went and closes the question', async () => {
    const archive = mutation<TDeleteResult>(async () => ({ result: 'archived' }));
    const { result } = renderHook(() => useArchiveRestore({ archive, messages: MESSAGES }), { wrapper });

    act(() => result.current.askArchive(MUG));
    expect(result.current.confirmProps.open).toBe(true);
    expect(result.current.confirming).toEqual(MUG);
    expect(archive.mutateAsync).not.toHaveBeenCalled();

    await act(async () => result.current.confirmProps.onConfirm());

    expect(archive.mutateAsync).toHaveBeenCalledWith(7);
    expect(toast).toHaveBeenCalledWith('“Mug” archived: orders or stock movements use it', { variant: 'success' });
    expect(result.current.confirmProps.open).toBe(false);
  });

  it('keeps the question open with the reason when the archive fails', async () => {
    const archive = mutation<TDeleteResult>(async () => {
      throw new ApiError(404, { message: 'Product not found.' }, null);
    });
    const { result } = renderHook(() => useArchiveRestore({ archive, messages: MESSAGES }), { wrapper });

    act(() => result.current.askArchive(MUG));
    await act(async () => result.current.confirmProps.onConfirm());

    expect(toast).toHaveBeenCalledWith(expect.any(String), { variant: 'error' });
    expect(result.current.confirmProps.open).toBe(true);
  });

  it('restores at once, and a failed restore stays as long as asked', async () => {
    const archive = mutation<TDeleteResult>(async () => ({ result: 'deleted' }));
    const restore = mutation(async () => MUG);
    const { result } = renderHook(
      () => useArchiveRestore({ archive, restore, messages: MESSAGES, restoreErrorMs: 5000 }),
      { wrapper },
    );

    await act(async () => result.current.restore(MUG));
    expect(restore.mutateAsync).toHaveBeenCalledWith(7);
    expect(toast).toHaveBeenCalledWith('“Mug” restored', { variant: 'success' });

    restore.mutateAsync.mockRejectedValueOnce(new ApiError(500, { message: 'boom' }, null));
    await act(async () => result.current.restore(MUG));
    expect(toast).toHaveBeenLastCalledWith('An unexpected error occurred', {
      variant: 'error',
      autoHideDuration: 5000,
    });
  });
});
