import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMessageBody, TPasswordChange, TProfile, TProfileSession, TProfileUpdate } from '@cod/shared';
import { api } from '../../lib/api-client';
import { pictureBody } from '../../components/uploads/use-image-upload';
import { updateStoredUserData } from '../../lib/storage';

export const profileKeys = {
  all: ['profile'] as const,
  me: ['profile', 'me'] as const,
  sessions: ['profile', 'sessions'] as const,
};

type TProfileAnswer = TMessageBody & { profile: TProfile };

export function useProfileQuery() {
  return useQuery({ queryKey: profileKeys.me, queryFn: ({ signal }) => api.get<TProfile>('/profile', signal) });
}

export function useSessionsQuery() {
  return useQuery({
    queryKey: profileKeys.sessions,
    queryFn: ({ signal }) => api.get<TProfileSession[]>('/profile/sessions', signal),
  });
}

/** The answer's profile becomes the cached one and the stored userData (the user menu shows it). */
function useProfileMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<TProfileAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      client.setQueryData(profileKeys.me, answer.profile);
      updateStoredUserData({
        name: answer.profile.name,
        avatar_url: answer.profile.avatar_url,
        locale: answer.profile.locale,
      });
    },
  });
}

export function useUpdateProfile() {
  return useProfileMutation((input: TProfileUpdate) => api.put<TProfileAnswer>('/profile', input));
}

export function useUploadAvatar() {
  return useProfileMutation((file: File) => api.post<TProfileAnswer>('/profile/avatar', pictureBody('avatar', file)));
}

export function useRemoveAvatar() {
  return useProfileMutation(() => api.delete<TProfileAnswer>('/profile/avatar'));
}

function useSessionMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.sessions }) });
}

export function useChangePassword() {
  return useSessionMutation((input: TPasswordChange) => api.post<TMessageBody>('/profile/password', input));
}

export function useRevokeSession() {
  return useSessionMutation((id: number) => api.delete<TMessageBody>(`/profile/sessions/${id}`));
}

export function useRevokeOtherSessions() {
  return useSessionMutation(() => api.post<TMessageBody>('/profile/sessions/revoke-others'));
}
