import { useMutation } from '@tanstack/react-query';
import type { TLoginRequest, TLoginResponse, TResetPasswordRequest } from '@cod/shared';
import { api } from '../../lib/api-client';

interface TMessageResponse {
  message: string;
}

export function useLoginMutation() {
  return useMutation({ mutationFn: (body: TLoginRequest) => api.post<TLoginResponse>('/login', body) });
}

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (body: { email: string }) => api.post<TMessageResponse>('/forgot-password', body),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: TResetPasswordRequest) => api.post<TMessageResponse>('/reset-password', body),
  });
}
