import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client';
import { clearSession } from '../../lib/storage';

/** POST /logout revokes the token; whatever the answer, the browser forgets the session. */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post<void>('/logout'),
    onSettled: () => {
      clearSession();
      void navigate('/login', { replace: true });
    },
  });
}
