import { useContext, type ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';

/**
 * TanStack Query for the signed-in layouts (default and blank): the client loads with them, so the
 * login page's first paint does without it (brief 10; guest screens use lib/use-request.ts). One
 * client for the whole app, so its cache outlives a switch between layouts. A client given higher
 * up (a test's, through AppProviders) is kept.
 */
export function AppQueryProvider({ children }: { children: ReactNode }) {
  const given = useContext(QueryClientContext);
  if (given) return children;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
