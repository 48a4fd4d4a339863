import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { JSON_LIMITS } from '../lib/json-bounds.js';
import { EDGE_MESSAGES, registerEdgeInput } from './edge-input.js';
import { registerErrorHandler } from './error-handler.js';

// The edge on a bare app, as buildApp registers it: before the routes, with a multipart scope.
const app = Fastify();
registerErrorHandler(app);
registerEdgeInput(app);
app.post('/echo', async (request) => ({ body: request.body ?? null, query: request.query }));
app.get('/things/:id', async (request) => request.params);
await app.register(async (scope) => {
  await scope.register(multipart);
  scope.post('/upload', async (request) => {
    const part = await request.file();
    await part?.toBuffer();
    return { filename: part?.filename ?? null };
  });
});
afterAll(() => app.close());

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const postJson = (payload: string) =>
  app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload });

describe('JSON bodies', () => {
  it('takes nesting up to the limit and refuses one level more before parsing', async () => {
    expect((await postJson(nested(JSON_LIMITS.maxDepth))).statusCode).toBe(200);
    const deeper = await postJson(nested(JSON_LIMITS.maxDepth + 1));
    expect(deeper.statusCode).toBe(422);
    expect(deeper.json().message).toBe(EDGE_MESSAGES.tooDeep);
    // Brackets inside strings are text, not nesting.
    expect((await postJson(JSON.stringify({ a: '['.repeat(100) }))).statusCode).toBe(200);
  });

  it('refuses NUL and lone surrogates in values and keys, naming the field; keeps paired ones', async () => {
    const refused = await postJson('{"order":{"lines":[{"note":"ok"},{"customer_note":"a\\ud800"}]}}');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'order.lines.1.customer_note': ['The customer note contains an invalid character.'],
    });
    expect((await postJson('{"a":["\\udc00x"]}')).statusCode).toBe(422);
    expect((await postJson('{"a\\u0000":1}')).json().errors).toEqual({ _: [EDGE_MESSAGES.invalidKey] });
    const emoji = await postJson('{"note":"\\ud83d\\ude00 مرحبا"}');
    expect(emoji.json().body).toEqual({ note: '😀 مرحبا' });
  });

  it('refuses more values than the limit, and still answers bad JSON and prototype keys with 400', async () => {
    const many = await postJson(`[${'0,'.repeat(JSON_LIMITS.maxValues)}0]`);
    expect(many.json().message).toBe(EDGE_MESSAGES.tooManyValues);
    expect((await postJson('{"a":')).statusCode).toBe(400);
    expect((await postJson('{"__proto__":{"x":1}}')).statusCode).toBe(400);
  });

  it('checks text bodies, query strings and path parameters too', async () => {
    const text = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'text/plain' },
      payload: 'a\u0000b',
    });
    expect(text.statusCode).toBe(422);
    expect((await app.inject({ method: 'POST', url: '/echo?search=a%00b' })).json().errors).toEqual({
      search: ['The search contains an invalid character.'],
    });
    expect((await app.inject({ method: 'GET', url: '/things/1%00' })).json().errors).toEqual({
      id: ['The id contains an invalid character.'],
    });
  });
});

describe('multipart bodies', () => {
  const BOUNDARY = 'unit-boundary';
  const part = (disposition: string, content: string, type = '') =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n${content}\r\n`;
  const upload = (payload: string) =>
    app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload,
    });
  const file = (name: string) => part(`name="file"; filename${name}`, 'a,b', 'text/csv');

  it('passes a clean upload through', async () => {
    const response = await upload(`${part('name="note"', 'bonjour')}${file('="orders.csv"')}--${BOUNDARY}--\r\n`);
    expect(response.json()).toEqual({ filename: 'orders.csv' });
  });

  it('refuses NUL in a file name, and bad text in the fields read before the file', async () => {
    const name = await upload(`${file("*=UTF-8''orders%00.csv")}--${BOUNDARY}--\r\n`);
    expect(name.statusCode).toBe(422);
    expect(name.json().errors).toEqual({ file: [EDGE_MESSAGES.invalidFileName] });
    const field = await upload(`${part('name="note"', 'a\u0000b')}${file('="a.csv"')}--${BOUNDARY}--\r\n`);
    expect(field.json().errors).toEqual({ note: ['The note contains an invalid character.'] });
    const json = await upload(
      `${part('name="meta"', '{"source":"\\ud800"}', 'application/json')}${file('="a.csv"')}--${BOUNDARY}--\r\n`,
    );
    expect(json.json().errors).toEqual({ 'meta.source': ['The source contains an invalid character.'] });
  });

  it('answers a body cut short with 400 at once', async () => {
    const response = await upload(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\na,b`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(EDGE_MESSAGES.malformedMultipart);
  });
});
