/**
 * What never reaches a log line (docs/decisions/0142): the secrets of links (set-password and
 * invitation tokens, one-use download keys, signatures), passwords, bearer tokens, cookies and
 * carrier credentials. The logger applies these to every line; code that logs a URL or a mail
 * passes it through here as well.
 */
export const REDACTED = '[REDACTED]';

/** Query parameters whose value is a secret or part of a signed link. */
const SECRET_PARAMS = [
  'token',
  'access_token',
  'api_token',
  'api_key',
  'apikey',
  'key',
  'secret',
  'password',
  'signature',
  'sig',
  'expires',
  'link',
  'crc_token',
];

// `name=value` after ? & or ; (also inside a longer text), the value up to the next separator.
const SECRET_PARAM_IN_TEXT = new RegExp(`([?&;](?:${SECRET_PARAMS.join('|')})=)[^&#;\\s"'<>]*`, 'gi');

/** Route parameters that carry a secret in the path (parcel tickets, carrier webhooks). */
const SECRET_PATH_PARAMS = new Set(['token', 'key', 'link', 'signature']);

/** Any text with the secret query values of the URLs in it replaced. */
export function redactText(text: string): string {
  if (!text.includes('=')) return text;
  return text.replace(SECRET_PARAM_IN_TEXT, `$1${REDACTED}`);
}

/**
 * A request URL as it may be logged: secret query values replaced, and the path segments that
 * are the values of the route's secret parameters (`/parcel-tickets/:token`) too.
 */
export function redactRequestUrl(url: string, params?: unknown): string {
  const cut = url.indexOf('?');
  let path = cut < 0 ? url : url.slice(0, cut);
  const query = cut < 0 ? '' : url.slice(cut);
  if (params && typeof params === 'object') {
    for (const [name, value] of Object.entries(params as Record<string, unknown>)) {
      if (!SECRET_PATH_PARAMS.has(name.toLowerCase()) || typeof value !== 'string' || !value) continue;
      for (const form of new Set([value, encodeURIComponent(value)])) path = path.split(form).join(REDACTED);
    }
  }
  return path + redactText(query);
}

/** The links of a text (a mail's body), each with its secrets replaced. */
export function redactedLinksOf(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((match) => redactText(match[0]));
}

const SECRET_KEYS = [
  'password',
  'current_password',
  'new_password',
  'password_confirmation',
  'owner_password',
  'token',
  'accessToken',
  'access_token',
  'api_token',
  'api_key',
  'api_id',
  'secret',
  'webhook_secret',
  'credentials',
  'authorization',
  'cookie',
];

/**
 * pino `redact` paths: the request's secret headers, and secret keys of any object logged, at the
 * top level or one level down (`{ body: { password } }`, `{ company: { credentials } }`).
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["x-api-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
];
