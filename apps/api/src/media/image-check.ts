import sharp, { type Metadata } from 'sharp';
import { type AcceptedFormat, sniffImageFormat } from './image-format';
import { MAX_INPUT_PIXELS, MIN_SIDE_PIXELS } from './image-limits';
import { ImageRefusal } from './image-refusal';

export interface CheckedImage {
  format: AcceptedFormat;
  /** As shown, with the camera's orientation applied (a portrait phone photo is stored landscape with a flag). */
  width: number;
  height: number;
}

const ACCEPTED_LIST = 'JPEG, PNG or WebP';

/**
 * Checks an upload by its content and its header only, before any pixel is decoded: the format from the first bytes,
 * then the size, frame count and orientation that sharp reads from the header. A decompression bomb (a small file
 * declaring a huge picture) is refused here, without allocating its pixels.
 */
export async function checkImage(bytes: Uint8Array): Promise<CheckedImage> {
  const format = sniffImageFormat(bytes);
  switch (format) {
    case 'jpeg':
    case 'png':
    case 'webp':
      break;
    case 'svg':
      throw new ImageRefusal('svg', `SVG drawings are not accepted: upload a photo as ${ACCEPTED_LIST}.`);
    case 'heic':
      throw new ImageRefusal('heic', `HEIC photos cannot be read here yet: upload it as ${ACCEPTED_LIST} (on an iPhone, Settings › Camera › Formats › Most Compatible, or share the photo as JPEG).`);
    case 'avif':
    case 'gif':
    case 'other-image':
      throw new ImageRefusal('unsupported', `This kind of image (${format === 'other-image' ? 'TIFF, BMP or another format' : format.toUpperCase()}) is not accepted: upload a photo as ${ACCEPTED_LIST}.`);
    default:
      throw new ImageRefusal('not-an-image', `This file is not a photo, whatever its name says: upload a ${ACCEPTED_LIST} image.`);
  }
  let metadata: Metadata;
  try {
    // Header only: metadata() does not decode pixels, so no pixel limit is needed for this call.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  const { width, height } = metadata;
  if (!width || !height) throw unreadable();
  if (width * height > MAX_INPUT_PIXELS) {
    const megapixels = Math.floor((width * height) / 1_000_000);
    throw new ImageRefusal('too-many-pixels', `This image declares ${width} × ${height} pixels (${megapixels} megapixels): the limit is 100 megapixels. Upload a smaller copy.`);
  }
  if ((metadata.pages ?? 1) > 1) {
    throw new ImageRefusal('animated', 'Animated images are not accepted: upload a still photo.');
  }
  if (Math.min(width, height) < MIN_SIDE_PIXELS) {
    throw new ImageRefusal('too-small', `This image is ${width} × ${height} pixels: a photo needs at least ${MIN_SIDE_PIXELS} pixels on each side.`);
  }
  // EXIF orientations 5-8 turn the picture a quarter: the shown width is the stored height.
  const turned = (metadata.orientation ?? 1) >= 5;
  return { format, width: turned ? height : width, height: turned ? width : height };
}

export const unreadable = () =>
  new ImageRefusal('truncated', 'This image could not be read to the end: it is damaged or was cut short (an unfinished download?). Upload the original again.');
