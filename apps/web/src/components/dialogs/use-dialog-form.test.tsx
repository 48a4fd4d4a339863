import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { createI18n } from '../../lib/i18n';
import catalogueEn from '../../locales/catalogue/en.json';
import en from '../../locales/en.json';
import { useDialogForm } from './use-dialog-form';

const ZChannel = z.object({ name: z.string().min(1, 'The name field is required.'), note: z.string() });
type TChannel = z.infer<typeof ZChannel>;

function wrapper({ children }: { children: ReactNode }) {
  const i18n = createI18n('en', { en: { translation: en } });
  i18n.addResourceBundle('en', 'translation', catalogueEn, true, false);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

function renderDialogForm(submit: (input: TChannel) => Promise<void>) {
  const onClose = vi.fn();
  const hook = renderHook(
    () =>
      useDialogForm<TChannel>({
        resolver: zodResolver(ZChannel),
        defaultValues: { name: '', note: '' },
        fields: ['name'],
        submit,
        onClose,
      }),
    { wrapper },
  );
  return { ...hook, onClose };
}

const event = () => ({ preventDefault: () => undefined, persist: () => undefined }) as never;

describe('useDialogForm', () => {
  it('checks the shared schema first: nothing is sent, the message sits under its field', async () => {
    const submit = vi.fn(async () => undefined);
    const { result } = renderDialogForm(submit);

    await act(() => result.current.onSubmit(event()));

    expect(submit).not.toHaveBeenCalled();
    expect(result.current.fieldError('name')).toEqual(expect.any(String));
    expect(result.current.serverError).toBeUndefined();
  });

  it("puts a 422 under the fields it shows and the rest in the dialog's alert", async () => {
    const submit = vi.fn(async () => {
      throw new ApiError(
        422,
        { message: 'Invalid.', errors: { name: ['The name has already been taken.'], note: ['Too long.'] } },
        null,
      );
    });
    const { result } = renderDialogForm(submit);

    act(() => result.current.form.setValue('name', 'Facebook'));
    await act(() => result.current.onSubmit(event()));

    // The wording is the message translator's business; where each message lands is this hook's.
    expect(submit).toHaveBeenCalledWith({ name: 'Facebook', note: '' });
    expect(result.current.form.getFieldState('name').error?.type).toBe('server');
    expect(result.current.fieldError('name')).toEqual(expect.any(String));
    expect(result.current.fieldError('note')).toBeUndefined();
    expect(result.current.serverError).toEqual(expect.any(String));
  });

  it('is busy while saving, which the dialog uses to stay open', async () => {
    let finish!: () => void;
    const submit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result, onClose } = renderDialogForm(submit);
    act(() => result.current.form.setValue('name', 'Shop'));

    let saving!: Promise<void>;
    act(() => {
      saving = result.current.onSubmit(event());
    });
    await vi.waitFor(() => expect(submit).toHaveBeenCalled());
    expect(result.current.busy).toBe(true);
    expect(result.current.dialogProps).toMatchObject({ open: true, busy: true, onClose });

    await act(async () => {
      finish();
      await saving;
    });
    expect(result.current.busy).toBe(false);
  });
});
