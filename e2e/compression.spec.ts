import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { baseURL } from './support/browser.js';

// Decision 0074: the SPA's files go out precompressed at build time, hashed ones cached for a
// year; JSON answers over 1 KB are compressed per request. Raw HTTP, so nothing decodes for us.
const REPO_ROOT = new URL('..', import.meta.url).pathname;
const distDir = process.env.WEB_DIST_DIR ?? join(REPO_ROOT, 'apps/web/dist');

interface TRaw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(path: string, acceptEncoding?: string): Promise<TRaw> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    const call = request(new URL(path, baseURL()), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    call.on('error', reject);
    call.end();
  });
}

function loginChunk(): string {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const chunk = manifest['src/features/auth/login-page.tsx'];
  if (!chunk) throw new Error('the login page is not in the build manifest');
  return chunk.file;
}

describe('compressed answers', () => {
  it("sends the login page's JS chunk as brotli, cached for a year, and the same bytes uncompressed", async () => {
    const file = loginChunk();
    const original = readFileSync(join(distDir, file));

    const br = await get(`/build/${file}`, 'br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(br.headers['cache-control']).toMatch(/immutable/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(original.length * 0.6);
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);

    const gzip = await get(`/build/${file}`, 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(original)).toBe(true);

    const plain = await get(`/build/${file}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
  });

  it('sends index.html compressed but never cached, so a new build is picked up', async () => {
    const page = await get('/build/login', 'br, gzip');
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.body).toString()).toContain('<div id="root">');
  });

  it('compresses JSON over 1 KB and leaves small answers alone', async () => {
    const big = await get('/yalidine_centers.json', 'br, gzip');
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const decoded = brotliDecompressSync(big.body);
    expect(decoded.length).toBeGreaterThan(1024);
    expect(big.body.length).toBeLessThan(decoded.length / 2);
    expect(JSON.parse(decoded.toString())).toBeTruthy();

    const small = await get('/health', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ status: 'ok' });
  });
});
