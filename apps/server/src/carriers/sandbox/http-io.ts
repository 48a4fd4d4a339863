import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TSandboxReply } from './dialect.js';

/** A request body as text; a body over 5 MB fails the request. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 5 * 1024 * 1024) {
        reject(new Error('Body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** JSON, or undefined for an empty or malformed body (each dialect answers that its own way). */
export function parseJson(raw: string): unknown {
  if (!raw.trim()) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export function send(res: ServerResponse, reply: TSandboxReply): void {
  const headers: Record<string, string> = { ...reply.headers };
  let body: Buffer;
  if (reply.bytes) {
    body = reply.bytes;
    headers['content-type'] = reply.contentType ?? 'application/octet-stream';
  } else {
    body = Buffer.from(JSON.stringify(reply.json ?? null));
    headers['content-type'] = 'application/json; charset=utf-8';
  }
  headers['content-length'] = String(body.length);
  res.writeHead(reply.status, headers);
  res.end(body);
}
