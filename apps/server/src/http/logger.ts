import type { FastifyLoggerOptions, FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import type { TConfig } from '../config.js';
import { LOG_REDACT_PATHS, redactRequestUrl, redactText } from '../lib/log-redaction.js';

/** Where the log lines go: stdout by default; a test reads them from its own stream. */
export interface TLogDestination {
  write(line: string): void;
}

/**
 * The server's pino logger (docs/decisions/0142): secret keys and headers redacted, the request
 * URL logged without its secret query values or path tokens, and every message string passed
 * through the same link redaction (a URL written into a message by any module).
 */
export function loggerOptions(
  config: Pick<TConfig, 'LOG_LEVEL'>,
  stream?: TLogDestination,
): false | (FastifyLoggerOptions & LoggerOptions & { stream?: TLogDestination }) {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    redact: { paths: LOG_REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      // Fastify's own request serializer, with the URL redacted.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactRequestUrl(request.url, request.params),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket ? request.socket.remotePort : undefined,
      }),
    },
    hooks: {
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)) as Parameters<typeof method>,
        );
      },
    },
    ...(stream ? { stream } : {}),
  };
}
