import type { TLoginRequest, TLoginResponse, TMessageBody, TResetPasswordRequest } from '@cod/shared';
import { api } from '../../lib/api-client';
import { useRequest } from '../../lib/use-request';

/** The server's English, and its code where the auth module gives one (docs/decisions/0041). */
type TMessageResponse = Pick<TMessageBody, 'message'> & Partial<Pick<TMessageBody, 'code' | 'params'>>;

// Guest screens: plain requests, no TanStack Query (lib/use-request.ts).

export function useLoginRequest() {
  return useRequest((body: TLoginRequest) => api.post<TLoginResponse>('/login', body));
}

export function useForgotPasswordRequest() {
  return useRequest((body: { email: string }) => api.post<TMessageResponse>('/forgot-password', body));
}

export function useResetPasswordRequest() {
  return useRequest((body: TResetPasswordRequest) => api.post<TMessageResponse>('/reset-password', body));
}
