import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveUpload } from '../../src/files/upload-guard.js';
import { registerErrorHandler } from '../../src/http/error-handler.js';
import { tempDir, writeWorkbook } from './support/fixtures.js';

// The guard behind a real HTTP server with @fastify/multipart, as the import route will use it: a
// client streaming 200 MB gets its 422 while it is still sending.
const app = Fastify();
const dir = tempDir();
let url: string;

beforeAll(async () => {
  await app.register(multipart, { limits: { fileSize: 1024 * 1024 * 1024, files: 1 } });
  registerErrorHandler(app);
  app.post('/upload', async (request) => {
    const part = await request.file();
    const received = await receiveUpload({
      source: part!.file,
      fileName: part!.filename,
      destination: path.join(dir, `upload-${Date.now()}`),
    });
    return { kind: received.kind, bytes: received.bytes, rows: received.xlsx?.rowsWithValues };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/upload`;
});
afterAll(() => app.close());

const BOUNDARY = 'test-boundary-7d1';

function multipartBody(fileName: string, content: AsyncIterable<Buffer> | Buffer): Readable {
  async function* parts() {
    yield Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    if (Buffer.isBuffer(content)) yield content;
    else yield* content;
    yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  }
  return Readable.from(parts());
}

function post(body: Readable) {
  return fetch(url, {
    method: 'POST',
    body: Readable.toWeb(body) as ReadableStream,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    duplex: 'half',
  } as RequestInit);
}

describe('receiveUpload behind @fastify/multipart', () => {
  it('answers 422 to a 200 MB upload within a second, while the client is still sending', async () => {
    let sent = 0;
    async function* twoHundredMegabytes() {
      const chunk = Buffer.alloc(1024 * 1024, 0x41);
      Buffer.from('PK\x03\x04').copy(chunk);
      for (let i = 0; i < 200; i++) {
        sent += chunk.length;
        yield chunk;
      }
    }
    const started = performance.now();
    const response = await post(multipartBody('orders.xlsx', twoHundredMegabytes()));
    const ms = performance.now() - started;
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'The file is larger than the 20 MB limit.',
      code: 'validation',
      errors: { file: ['The file is larger than the 20 MB limit.'] },
    });
    expect(ms).toBeLessThan(1000);
    expect(sent).toBeLessThan(200 * 1024 * 1024);
    expect((await fs.readdir(dir)).filter((f) => f.startsWith('upload-'))).toEqual([]);
  });

  it('stores a real workbook and answers its row count', async () => {
    const file = path.join(dir, 'ok.xlsx');
    await writeWorkbook(file, [{ name: 'Orders', rows: [['name'], ['Amine'], ['Sara']] }]);
    const response = await post(multipartBody('ok.xlsx', await fs.readFile(file)));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ kind: 'xlsx', bytes: (await fs.stat(file)).size, rows: 3 });
  });

  it('answers 422 to a renamed executable', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(10_000, 0x90)]);
    const response = await post(multipartBody('orders.csv', exe));
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: { file: string[] } }).errors.file).toEqual([
      'This file is not a real .csv spreadsheet: its content does not match its extension.',
    ]);
  });
});
