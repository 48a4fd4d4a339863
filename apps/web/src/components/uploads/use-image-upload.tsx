import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { m, type TMessageCode, type TMessageParams } from '@cod/shared';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/server-errors';
import { fieldMessages, translateServerMessage, type TServerMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';

/** The part of a TanStack mutation this hook drives. */
interface TImageMutation<TVariables> {
  isPending: boolean;
  mutateAsync: (variables: TVariables) => Promise<string | TServerMessage>;
}

/** A catalogue message whose one parameter is a picture's size limit in MB (`{max}`). */
type TTooLargeCode = {
  [C in TMessageCode]: [keyof TMessageParams<C>] extends ['max']
    ? 'max' extends keyof TMessageParams<C>
      ? C
      : never
    : never;
}[TMessageCode];

export const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

/**
 * One picture the server keeps (the avatar, the shop's logo): a hidden file input, the size checked
 * here first (the server checks the content and resizes), the server's field message under it, a
 * toast when done. The caller draws the picture and the buttons.
 */
export function useImageUpload({
  field,
  maxBytes,
  tooLarge,
  upload,
  remove,
}: {
  /** The multipart field, whose message the server answers (avatar, logo). */
  field: string;
  maxBytes: number;
  /** The code of the message of a file over maxBytes; it reads the limit in MB as `max`. */
  tooLarge: TTooLargeCode;
  upload: TImageMutation<File>;
  remove: TImageMutation<void>;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  const run = async (action: () => Promise<string | TServerMessage>) => {
    setError(null);
    try {
      void toast(translateServerMessage(t, await action()), { variant: 'success' });
    } catch (cause) {
      const message = cause instanceof ApiError ? fieldMessages(cause)[field]?.[0] : undefined;
      setError(message ? translateServerMessage(t, message) : errorMessage(t, cause));
    }
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > maxBytes) return setError(translateServerMessage(t, m(tooLarge, { max: maxBytes / 1024 / 1024 })));
    await run(() => upload.mutateAsync(file));
  };

  return {
    busy,
    error,
    /** Opens the file picker. */
    pick: () => input.current?.click(),
    removeImage: () => void run(() => remove.mutateAsync()),
    /** The hidden input; put it anywhere in the component. */
    fileInput: (testId: string) => (
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES}
        hidden
        data-testid={testId}
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    ),
  };
}

/** The multipart body that uploads one picture: the file under its field (avatar, logo). */
export function pictureBody(field: string, file: File): FormData {
  const body = new FormData();
  body.append(field, file);
  return body;
}
