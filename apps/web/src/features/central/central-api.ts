import type { TValidationErrorBody } from '@cod/shared';
import { ApiError, sendRequest } from '../../lib/api-client';

/**
 * The central realm's calls (issue 19): its own token, stored apart from the shop's session, so a
 * central administrator and a shop user never share a token (the server refuses the other realm's).
 */
const TOKEN_KEY = 'centralAccessToken';
const ADMIN_KEY = 'centralAdmin';

export interface TCentralAdmin {
  id: number;
  name: string;
  email: string;
}

export function getCentralToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function getCentralAdmin(): TCentralAdmin | null {
  try {
    return JSON.parse(localStorage.getItem(ADMIN_KEY) ?? 'null') as TCentralAdmin | null;
  } catch {
    return null;
  }
}

export function saveCentralSession(token: string, admin: TCentralAdmin): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(ADMIN_KEY, JSON.stringify(admin));
}

export function clearCentralSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(ADMIN_KEY);
}

export const CENTRAL_LOGIN_PATH = '/central/auth/login';

/** JSON (or FormData) call with the central token; a 401 ends the central session. */
export async function centralRequest<T>(
  path: string,
  options: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const { response, body } = await sendRequest(path, options, getCentralToken());
  if (response.ok) return body as T;
  if (response.status === 401 && path !== '/central/login') {
    clearCentralSession();
    window.location.assign(`${import.meta.env.BASE_URL}${CENTRAL_LOGIN_PATH.slice(1)}`);
  }
  throw new ApiError(response.status, (body ?? null) as Partial<TValidationErrorBody> | null, null);
}

export const central = {
  get: <T>(path: string, signal?: AbortSignal) => centralRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => centralRequest<T>(path, { method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => centralRequest<T>(path, { method: 'PUT', body }),
};

/** Opens a payment's receipt (the link needs the bearer token, so it is fetched then shown). */
export function openReceipt(paymentId: number): Promise<void> {
  return openCentralFile(`/central/payments/${paymentId}/receipt`);
}

/** The printable receipt of a payment (PDF, French or Arabic). */
export function openReceiptPdf(paymentId: number, locale: 'fr' | 'ar'): Promise<void> {
  return openCentralFile(`/central/payments/${paymentId}/receipt.pdf?locale=${locale}`);
}

/** A central file (receipt, tutorial): fetched with the bearer token, then shown in a new tab. */
export async function openCentralFile(path: string): Promise<void> {
  const response = await fetch(path, {
    headers: { Authorization: `Bearer ${getCentralToken() ?? ''}` },
  });
  if (!response.ok) throw new ApiError(response.status, null, null);
  const url = URL.createObjectURL(await response.blob());
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
