import type { TTutorial } from '@cod/shared';
import { api, ApiError } from '../../lib/api-client';
import { getAccessToken } from '../../lib/storage';

/** The tutorials a shop may read (issue 19.9): every visible one; the page filters by section. */
export const listTutorials = (signal?: AbortSignal) => api.get<{ data: TTutorial[] }>('/dashboard/tutorials', signal);

/**
 * A tutorial's uploaded file, fetched with the session's bearer header and shown in a new tab
 * (a download when the browser blocks the tab).
 */
export async function openTutorialFile(tutorial: Pick<TTutorial, 'file' | 'file_name'>): Promise<void> {
  const response = await fetch(`/dashboard/tutorials/files/${encodeURIComponent(tutorial.file ?? '')}`, {
    headers: { Authorization: `Bearer ${getAccessToken() ?? ''}` },
  });
  if (!response.ok) throw new ApiError(response.status, null, null);
  const url = URL.createObjectURL(await response.blob());
  const tab = window.open(url, '_blank');
  if (!tab) {
    const link = document.createElement('a');
    link.href = url;
    link.download = tutorial.file_name ?? 'tutorial';
    link.click();
  }
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
