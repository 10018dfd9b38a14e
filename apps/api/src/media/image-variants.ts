import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { type CheckedImage, checkImage, unreadable } from './image-check';
import { MAX_INPUT_PIXELS, VARIANT_WIDTHS } from './image-limits';
import { ImageRefusal } from './image-refusal';
import { type VariantFormat, variantKey } from './media-keys';

// A 2-core machine serves shoppers while staff upload: libvips gets one thread per image, and sharp's operation cache
// is off (every upload is new bytes, so it would only hold memory).
sharp.concurrency(1);
sharp.cache(false);

export interface ImageVariant {
  format: VariantFormat;
  width: number;
  height: number;
  /** Content-addressed: the hash of `bytes`, so a URL never changes meaning and can be cached for ever. */
  key: string;
  contentType: string;
  bytes: Buffer;
}

export interface ProcessedImage {
  /** The largest variant's size (the original, turned upright and fitted within 1600 px). */
  width: number;
  height: number;
  variants: ImageVariant[];
}

const LARGEST: number = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;

/** The widths to make for a picture this wide: never wider than it, and no two nearly equal. */
export function variantWidths(width: number): number[] {
  const largest = Math.min(width, LARGEST);
  return [...VARIANT_WIDTHS.filter((candidate) => candidate < largest * 0.9), largest];
}

const ENCODERS: { format: VariantFormat; contentType: string; encode: (image: Sharp) => Sharp }[] = [
  // effort 2 of 9: about a tenth of a second for 1600 px here, within a few percent of the default's size.
  { format: 'avif', contentType: 'image/avif', encode: (image) => image.avif({ quality: 55, effort: 2 }) },
  { format: 'webp', contentType: 'image/webp', encode: (image) => image.webp({ quality: 78 }) },
  // JPEG has no transparency: a PNG's transparent parts become white, like the shop's pages.
  { format: 'jpeg', contentType: 'image/jpeg', encode: (image) => image.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true, progressive: true }) },
];

/** One image at a time per instance: the memory it needs stays that of one picture, however many arrive at once. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = queue.then(work, work);
  queue = turn.catch(() => undefined);
  return turn;
}

/**
 * Checks an upload (image-check.ts), then decodes it once, upright and fitted within 1600 px, and encodes AVIF,
 * WebP and JPEG at each width. sharp writes no metadata unless asked: EXIF (GPS, camera serial), XMP and comments are
 * gone, and colours are converted to sRGB. A file that fails to decode to its end is refused as damaged.
 */
export function processImage(bytes: Uint8Array): Promise<ProcessedImage & { checked: CheckedImage }> {
  return oneAtATime(async () => {
    const checked = await checkImage(bytes);
    let base: { data: Buffer; info: OutputInfo };
    try {
      base = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true })
        .rotate()
        .resize({ width: LARGEST, height: LARGEST, fit: 'inside', withoutEnlargement: true })
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch (error) {
      if (error instanceof ImageRefusal) throw error;
      throw unreadable();
    }
    const { width, height, channels } = base.info;
    const raw = { width, height, channels: channels as 1 | 2 | 3 | 4 };
    const variants: ImageVariant[] = [];
    for (const variantWidth of variantWidths(width)) {
      for (const { format, contentType, encode } of ENCODERS) {
        const resized = sharp(base.data, { raw }).resize({ width: variantWidth });
        const { data, info } = await encode(resized).toBuffer({ resolveWithObject: true });
        variants.push({ format, contentType, width: info.width, height: info.height, bytes: data, key: variantKey(data, format) });
      }
    }
    return { width, height, variants, checked };
  });
}
