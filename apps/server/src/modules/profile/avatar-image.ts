import { m } from '@cod/shared';
import crypto from 'node:crypto';
import { AppError } from '../../lib/app-error.js';
import { looksLikeImage, type TImageStore } from '../products/product-images.js';

/** Avatars are square WebP images of this many pixels a side (the user menu shows 38, the profile 88). */
export const AVATAR_SIZE = 256;
// Decoding a huge canvas costs memory whatever the file size (as for product pictures).
const MAX_INPUT_PIXELS = 40_000_000;

const invalidAvatar = () => AppError.validation({ avatar: [m('profile.avatar_type')] });

/**
 * Issue 18.4, docs/decisions/0059: an avatar is checked by its content (the first bytes, then a
 * full decode by sharp), never by its name; it is cropped to a centred square, resized and
 * re-encoded (which drops EXIF and anything hidden after the picture), then stored like product
 * pictures (docs/decisions/0012): a 128-bit random name under the tenant's upload folder.
 * Answers the stored file's key.
 */
export async function storeAvatar(store: TImageStore, tenantId: number, data: Buffer): Promise<string> {
  if (!looksLikeImage(data)) throw invalidAvatar();
  const { default: sharp } = await import('sharp');
  let image: Buffer;
  try {
    image = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw invalidAvatar();
  }
  const key = `${crypto.randomBytes(16).toString('base64url')}.webp`;
  await store.save(tenantId, key, image);
  return key;
}

/** The key of a stored avatar from its URL (/uploads/<tenant>/<key>), for removal. */
export function avatarKeyOf(url: string | null, tenantId: number): string | null {
  const prefix = `/uploads/${tenantId}/`;
  return url?.startsWith(prefix) ? url.slice(prefix.length) : null;
}
