import { useState } from 'react';

export interface TRequest<TBody, TResult> {
  /** Sends the request; resolves with the answer or rejects with the ApiError. */
  run: (body: TBody) => Promise<TResult>;
  /** The last successful answer. */
  data: TResult | undefined;
  isPending: boolean;
}

/**
 * A one-off call for what the guest screens send (sign-in, password reset, language): the part of
 * TanStack Query's useMutation they used, without its query client, which is about 10 KB gzipped
 * of the login page's first paint (brief 10). Signed-in screens use TanStack Query
 * (app/query-provider.tsx).
 */
export function useRequest<TBody, TResult>(call: (body: TBody) => Promise<TResult>): TRequest<TBody, TResult> {
  const [data, setData] = useState<TResult>();
  const [pending, setPending] = useState(0);

  const run = async (body: TBody): Promise<TResult> => {
    setPending((count) => count + 1);
    try {
      const result = await call(body);
      setData(result);
      return result;
    } finally {
      setPending((count) => count - 1);
    }
  };

  return { run, data, isPending: pending > 0 };
}
