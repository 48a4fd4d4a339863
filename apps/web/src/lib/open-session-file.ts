import { ApiError } from './api-client';
import { getAccessToken } from './storage';

/**
 * Fetches a file the session may read (a GET with the session's bearer header: no one-use link to
 * mint, the request itself is authorised) and shows it in a new tab; when the browser blocks the
 * tab, it is downloaded under `fileName` instead.
 */
export async function openSessionFile(path: string, fileName: string, accept?: string): Promise<void> {
  const headers: Record<string, string> = { Authorization: `Bearer ${getAccessToken() ?? ''}` };
  if (accept) headers.Accept = accept;
  const response = await fetch(path, { headers });
  if (!response.ok) throw new ApiError(response.status, null, null);
  const url = URL.createObjectURL(await response.blob());
  const tab = window.open(url, '_blank');
  if (!tab) {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.click();
  }
  // The tab has read the blob by then; the object URL would otherwise live as long as the page.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
