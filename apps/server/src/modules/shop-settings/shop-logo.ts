import { m } from '@cod/shared';
import crypto from 'node:crypto';
import { AppError } from '../../lib/app-error.js';
import { looksLikeImage, type TImageStore } from '../products/product-images.js';

/** The logo fits in this square (labels print it ~40 pt high; the screen shows it at most 160 px). */
const LOGO_SIZE = 512;
const MAX_INPUT_PIXELS = 40_000_000;

const invalidLogo = () => AppError.validation({ logo: [m('shop_settings.logo_type')] });

/**
 * The shop's logo (docs/decisions/0060): checked by content like avatars (0059), kept whole (not
 * cropped: logos are often wide), at most 512 px a side, WebP with its transparency, stored like
 * product pictures (0012). Answers the stored key.
 */
export async function storeLogo(store: TImageStore, tenantId: number, data: Buffer): Promise<string> {
  if (!looksLikeImage(data)) throw invalidLogo();
  const { default: sharp } = await import('sharp');
  let image: Buffer;
  try {
    image = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(LOGO_SIZE, LOGO_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90, alphaQuality: 100 })
      .toBuffer();
  } catch {
    throw invalidLogo();
  }
  const key = `${crypto.randomBytes(16).toString('base64url')}.webp`;
  await store.save(tenantId, key, image);
  return key;
}

/** PDFKit draws PNG and JPEG only: the stored WebP logo as PNG, or null when it cannot be read. */
export async function logoAsPng(store: TImageStore, tenantId: number, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  const data = await store.read(tenantId, key);
  if (!data) return null;
  const { default: sharp } = await import('sharp');
  return sharp(data)
    .png()
    .toBuffer()
    .catch(() => null);
}
