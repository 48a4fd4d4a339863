import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAssignmentSettings, TAssignmentSettingsInput } from '@cod/shared';
import { api } from '../../lib/api-client';

export const assignmentKeys = { settings: ['assignment-settings'] as const };

/** Issue 15.3: the shop's automatic assignment rules. */
export function useAssignmentSettingsQuery() {
  return useQuery({
    queryKey: assignmentKeys.settings,
    queryFn: ({ signal }) => api.get<TAssignmentSettings>('/dashboard/assignment-settings', signal),
  });
}

export function useSaveAssignmentSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TAssignmentSettingsInput) =>
      api.put<TAssignmentSettings>('/dashboard/assignment-settings', input),
    onSuccess: (settings) => client.setQueryData(assignmentKeys.settings, settings),
  });
}
