import { m } from '@cod/shared';
import { AppError } from '../../lib/app-error.js';
import { storeSingleImage, type TImageStore } from '../products/product-images.js';

/** Avatars are square WebP images of this many pixels a side (the user menu shows 38, the profile 88). */
export const AVATAR_SIZE = 256;

const invalidAvatar = () => AppError.validation({ avatar: [m('profile.avatar_type')] });

/**
 * Issue 18.4, docs/decisions/0059: an avatar is checked by its content, cropped to a centred square,
 * resized and re-encoded, then stored like product pictures (docs/decisions/0012): a 128-bit random
 * name under the tenant's upload folder. Answers the stored file's key.
 */
export function storeAvatar(store: TImageStore, tenantId: number, data: Buffer): Promise<string> {
  return storeSingleImage(store, tenantId, data, invalidAvatar, (image) =>
    image.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' }).webp({ quality: 82 }),
  );
}

/** The key of a stored avatar from its URL (/uploads/<tenant>/<key>), for removal. */
export function avatarKeyOf(url: string | null, tenantId: number): string | null {
  const prefix = `/uploads/${tenantId}/`;
  return url?.startsWith(prefix) ? url.slice(prefix.length) : null;
}
