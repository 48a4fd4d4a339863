import type { TFunction } from 'i18next';
import { failureMessage, failureMessages, translateServerMessage, type TServerMessage } from './server-message';
import { toast } from './toast';

interface TAnnounceOptions {
  /** What a failure says when the server gave no message of its own. */
  failureKey?: string;
  /** SPEC 8: one toast per field message (an order's custom fields), not only the first. */
  everyFailure?: boolean;
  /** A failure toast that stays longer than the default (SPEC 9: assignment errors 5 s). */
  failureDuration?: number;
}

/**
 * Runs an action whose answer is a server message: the message becomes a success toast and a
 * failure an error toast. Says whether it succeeded, so the caller closes its dialog only then.
 */
export async function announceResult(
  t: TFunction,
  action: () => Promise<string | TServerMessage>,
  { failureKey = 'errors.unexpected', everyFailure = false, failureDuration }: TAnnounceOptions = {},
): Promise<boolean> {
  try {
    const answer = await action();
    void toast(translateServerMessage(t, answer), { variant: 'success' });
    return true;
  } catch (error) {
    const messages = everyFailure ? failureMessages(t, error) : [failureMessage(t, error, failureKey)];
    for (const message of messages) void toast(message, { variant: 'error', autoHideDuration: failureDuration });
    return false;
  }
}
