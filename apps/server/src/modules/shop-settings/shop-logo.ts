import { m } from '@cod/shared';
import { AppError } from '../../lib/app-error.js';
import { storeSingleImage, type TImageStore } from '../products/product-images.js';

/** The logo fits in this square (labels print it ~40 pt high; the screen shows it at most 160 px). */
const LOGO_SIZE = 512;

const invalidLogo = () => AppError.validation({ logo: [m('shop_settings.logo_type')] });

/**
 * The shop's logo (docs/decisions/0060): checked by content like avatars (0059), kept whole (not
 * cropped: logos are often wide), at most 512 px a side, WebP with its transparency, stored like
 * product pictures (0012). Answers the stored key.
 */
export function storeLogo(store: TImageStore, tenantId: number, data: Buffer): Promise<string> {
  return storeSingleImage(store, tenantId, data, invalidLogo, (image) =>
    image
      .resize(LOGO_SIZE, LOGO_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90, alphaQuality: 100 }),
  );
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
