import sharp from 'sharp';
import { checkImage, unreadable } from './image-check';
import { MAX_INPUT_PIXELS } from './image-limits';
import { ImageRefusal } from './image-refusal';
import { oneAtATime } from './image-variants';

/** The print copy: upright, metadata-free, fitted within this many pixels (a PhotoArt charm is under an inch wide). */
export const PRINT_MAX_SIDE = 4096;
/** The preview shown to the shopper in the bag and to staff on the order page. */
export const PREVIEW_MAX_SIDE = 640;

export interface PrivatePhoto {
  print: { bytes: Buffer; width: number; height: number };
  preview: { bytes: Buffer; width: number; height: number };
}

/**
 * A shopper's photo for a PhotoArt charm, through the same checks as product photos (image-check.ts: by content, no
 * SVG, no bomb, no animation, nothing truncated) and one at a time with them. Two JPEGs are kept: a print copy at
 * quality 92 without chroma subsampling, and a small preview. sharp writes no metadata: EXIF (GPS position, camera
 * serial), XMP and comments are dropped, and the camera's orientation is applied to the pixels first.
 */
export function processPrivatePhoto(bytes: Uint8Array): Promise<PrivatePhoto> {
  return oneAtATime(async () => {
    await checkImage(bytes);
    try {
      const print = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width: PRINT_MAX_SIDE, height: PRINT_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .toColourspace('srgb')
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 92, chromaSubsampling: '4:4:4', mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      const preview = await sharp(print.data)
        .resize({ width: PREVIEW_MAX_SIDE, height: PREVIEW_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 80, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      return {
        print: { bytes: print.data, width: print.info.width, height: print.info.height },
        preview: { bytes: preview.data, width: preview.info.width, height: preview.info.height },
      };
    } catch (error) {
      if (error instanceof ImageRefusal) throw error;
      throw unreadable();
    }
  });
}
