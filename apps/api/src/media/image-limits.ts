/** The limits every uploaded image meets (docs/decisions/0025-product-photos.md says why these numbers). */

/** A phone's full-size photo is 3-12 MB; 20 MB leaves room for a camera's JPEG and refuses a video or an archive. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/**
 * Decoded, an image takes about 4 bytes a pixel: a 10 KB PNG can declare 100 megapixels (400 MB of memory). The
 * largest phone sensors make 50 MP photos; anything from 100 MP on is refused from its header, before decoding.
 */
export const MAX_INPUT_PIXELS = 100_000_000 - 1;

/** Smaller than this is an icon, not a product photo (and would make blurry 320 px variants). */
export const MIN_SIDE_PIXELS = 100;

/** The widths served in srcset; never upscaled, so a small original yields fewer (and its own width as the last). */
export const VARIANT_WIDTHS = [320, 640, 960, 1600] as const;
