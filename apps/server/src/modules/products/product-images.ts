import { m } from '@cod/shared';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Sharp } from 'sharp';
import { AppError } from '../../lib/app-error.js';

/**
 * Product images (issue 3.1), docs/decisions/0012-product-images.md: uploads are re-encoded with
 * sharp into a bounded WebP plus a thumbnail, which strips EXIF (phone photos carry GPS) and
 * anything that is not an image. Files live under DATA_DIR/uploads/<tenant id>/ with 128-bit random
 * names: an <img> cannot send the bearer token, so the unguessable name is the access control.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_SIZE = 1024;
const THUMBNAIL_SIZE = 320;
// Decoding a huge canvas costs memory whatever the file size: refuse above ~40 megapixels.
const MAX_INPUT_PIXELS = 40_000_000;
export const IMAGE_KEY = /^[A-Za-z0-9_-]{22}(?:-thumb)?\.webp$/;

export interface TStoredImage {
  imageKey: string;
  thumbnailKey: string;
}

/** Where a tenant's files live; object storage would implement the same three calls. */
export interface TImageStore {
  save(tenantId: number, key: string, data: Buffer): Promise<void>;
  read(tenantId: number, key: string): Promise<Buffer | null>;
  remove(tenantId: number, keys: Array<string | null>): Promise<void>;
}

export function localImageStore(dataDir: string): TImageStore {
  const dirOf = (tenantId: number) => path.join(dataDir, 'uploads', String(tenantId));
  return {
    async save(tenantId, key, data) {
      await fs.mkdir(dirOf(tenantId), { recursive: true });
      await fs.writeFile(path.join(dirOf(tenantId), key), data, { mode: 0o640 });
    },
    async read(tenantId, key) {
      if (!IMAGE_KEY.test(key)) return null;
      return fs.readFile(path.join(dirOf(tenantId), key)).catch(() => null);
    },
    async remove(tenantId, keys) {
      for (const key of keys) {
        if (key && IMAGE_KEY.test(key)) await fs.rm(path.join(dirOf(tenantId), key), { force: true });
      }
    },
  };
}

export function imageUrl(tenantId: number, key: string | null): string | null {
  return key ? `/uploads/${tenantId}/${key}` : null;
}

/** JPEG, PNG, WebP or GIF by their first bytes; SVG (script) and everything else are refused. */
export function looksLikeImage(data: Buffer): boolean {
  const ascii = (start: number, end: number) => data.subarray(start, end).toString('latin1');
  return (
    (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) ||
    ascii(0, 8) === '\x89PNG\r\n\x1a\n' ||
    (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') ||
    ascii(0, 6) === 'GIF87a' ||
    ascii(0, 6) === 'GIF89a'
  );
}

const invalidImage = () => AppError.validation({ image: [m('product.image_type')] });

export async function storeProductImage(store: TImageStore, tenantId: number, data: Buffer): Promise<TStoredImage> {
  if (!looksLikeImage(data)) throw invalidImage();
  const { default: sharp } = await import('sharp');
  const source = () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  let image: Buffer;
  let thumbnail: Buffer;
  try {
    image = await source()
      .resize(IMAGE_SIZE, IMAGE_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    thumbnail = await source()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
  } catch {
    throw invalidImage();
  }
  const name = crypto.randomBytes(16).toString('base64url');
  const stored = { imageKey: `${name}.webp`, thumbnailKey: `${name}-thumb.webp` };
  await store.save(tenantId, stored.imageKey, image);
  await store.save(tenantId, stored.thumbnailKey, thumbnail);
  return stored;
}

/**
 * One picture checked by its content (the first bytes, then a full decode by sharp), never by its name,
 * turned upright and re-encoded by `encode` (which drops EXIF and anything hidden after the picture),
 * then stored like product pictures under a 128-bit random name. `invalid` is the error for what is not
 * a picture. Answers the stored key.
 */
export async function storeSingleImage(
  store: TImageStore,
  tenantId: number,
  data: Buffer,
  invalid: () => AppError,
  encode: (image: Sharp) => Sharp,
): Promise<string> {
  if (!looksLikeImage(data)) throw invalid();
  const { default: sharp } = await import('sharp');
  let image: Buffer;
  try {
    image = await encode(sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate()).toBuffer();
  } catch {
    throw invalid();
  }
  const key = `${crypto.randomBytes(16).toString('base64url')}.webp`;
  await store.save(tenantId, key, image);
  return key;
}
