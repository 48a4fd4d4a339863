/**
 * Credentials never appear in logs or thrown messages (issue 5; decision 0019). Carriers echo
 * tokens back in error pages and EcoTrack/NOEST put them in query strings, so every text that
 * leaves the HTTP layer goes through here.
 */
export const REDACTED = '[REDACTED]';

/** Query parameters that carry credentials in some carrier's API. */
const SECRET_QUERY_KEYS = new Set(['api_token', 'token', 'user_guid', 'key', 'api_key', 'apikey', 'secret']);

/** Secrets shorter than this are not searched for (a 2-character "secret" would shred every message). */
const MIN_SECRET_LENGTH = 4;

export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    for (const form of new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])) {
      out = out.split(form).join(REDACTED);
    }
  }
  return out;
}

/** The URL as it may be logged: secret query values replaced, then any known secret anywhere. */
export function redactUrl(url: string, secrets: readonly string[]): string {
  let text = url;
  try {
    const parsed = new URL(url);
    for (const key of [...parsed.searchParams.keys()]) {
      if (SECRET_QUERY_KEYS.has(key.toLowerCase())) parsed.searchParams.set(key, REDACTED);
    }
    parsed.username = '';
    parsed.password = '';
    text = parsed.toString().split(encodeURIComponent(REDACTED)).join(REDACTED);
  } catch {
    // Not a URL: fall through to plain secret replacement.
  }
  return redactSecrets(text, secrets);
}
