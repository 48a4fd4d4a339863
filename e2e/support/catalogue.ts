import type { Page } from 'playwright-core';

/**
 * Catalogue data for browser tests, made through the same API the screens use (with the signed-in
 * user's bearer token), so a test arranges its data quickly and asserts through the interface.
 */
export async function apiCall<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  if (!token) throw new Error('apiCall: sign in first');
  const response = await page.request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    data: body === undefined ? undefined : body,
  });
  const text = await response.text();
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A name no other test (nor an earlier run's leftover) uses. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`;
}

/** A small square PNG drawn by the browser, for a product picture. */
export async function pngOf(page: Page, colour: string): Promise<Buffer> {
  const dataUrl = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 240;
    const context = canvas.getContext('2d')!;
    context.fillStyle = fill;
    context.fillRect(0, 0, 240, 240);
    context.fillStyle = 'rgba(255,255,255,0.85)';
    context.beginPath();
    context.arc(120, 120, 70, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/png');
  }, colour);
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

export async function uploadImage(page: Page, productId: number, png: Buffer): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await page.request.post(`/dashboard/products/${productId}/image`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { image: { name: 'product.png', mimeType: 'image/png', buffer: png } },
  });
  if (!response.ok()) throw new Error(`image upload: ${response.status()} ${await response.text()}`);
}
