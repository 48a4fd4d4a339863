import { api, ApiError } from '../../lib/api-client';
import { getAccessToken } from '../../lib/storage';
import type { TImportProgressResponse, TImportResultsResponse } from '@cod/shared';

/** SPEC 7 import calls. */
export const importPaths = {
  upload: '/dashboard/orders/import',
  progress: (id: number) => `/dashboard/orders/import/${id}/progress`,
  results: (id: number) => `/dashboard/orders/import/${id}/results`,
  cancel: (id: number) => `/dashboard/orders/import/${id}/cancel`,
  template: '/dashboard/orders/template/download',
};

export interface TImportStarted {
  success: boolean;
  batch_id: number;
  total_rows: number;
}

export const importApi = {
  start(file: File) {
    const form = new FormData();
    form.append('file', file);
    return api.post<TImportStarted>(importPaths.upload, form);
  },
  progress: (id: number) => api.get<TImportProgressResponse>(importPaths.progress(id)),
  results: (id: number) => api.get<Partial<TImportResultsResponse>>(importPaths.results(id)),
  cancel: (id: number) => api.post<unknown>(importPaths.cancel(id)),
};

/**
 * A file from an authenticated call (the template, an export): fetched with the bearer header,
 * then handed to the browser as a download. The name is the server's (Content-Disposition).
 */
export async function downloadFile(path: string, options: { body?: unknown; fallbackName: string }): Promise<void> {
  const headers: Record<string, string> = {};
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method: options.body === undefined ? 'GET' : 'POST',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ConstructorParameters<typeof ApiError>[1];
    throw new ApiError(response.status, body, null);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? options.fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
