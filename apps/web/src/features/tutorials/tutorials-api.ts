import type { TTutorial } from '@cod/shared';
import { api } from '../../lib/api-client';
import { openSessionFile } from '../../lib/open-session-file';

/** The tutorials a shop may read (issue 19.9): every visible one; the page filters by section. */
export const listTutorials = (signal?: AbortSignal) => api.get<{ data: TTutorial[] }>('/dashboard/tutorials', signal);

/** A tutorial's uploaded file, shown in a new tab (a download when the browser blocks the tab). */
export const openTutorialFile = (tutorial: Pick<TTutorial, 'file' | 'file_name'>): Promise<void> =>
  openSessionFile(
    `/dashboard/tutorials/files/${encodeURIComponent(tutorial.file ?? '')}`,
    tutorial.file_name ?? 'tutorial',
  );
