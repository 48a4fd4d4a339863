import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { subscribeSession } from './storage';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again; network and 5xx get two more tries.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// Another user's page props must never be served from cache after logout, login or a 401.
subscribeSession(() => queryClient.clear());
