import { readMessage, type TMessageToken, type TRenderedMessage } from '@cod/shared';

/**
 * What a success answer says (SPEC 8's English `message`) with its catalogue `code` and `params`,
 * so the web translates the code (docs/decisions/0041): `{ ...messageBody(M.created), data }`.
 */
export function messageBody(token: TMessageToken): TRenderedMessage {
  const read = readMessage(token);
  if (!read) throw new Error(`Not a catalogue message: ${token}`);
  return read;
}
