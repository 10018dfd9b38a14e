/**
 * What the browser can tell about a chosen PhotoArt photo before sending it, so the shopper hears at once what the
 * shop would refuse. Only a courtesy: the server checks every file by its content (a renamed script included).
 */
export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;
/** What the file picker offers: the three formats the shop reads, and HEIC so that an iPhone photo is not hidden. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.heic,.heif';

export const HEIC_ADVICE =
  'HEIC photos (an iPhone’s usual format) cannot be read here yet: please save it as JPEG and choose it again (on an iPhone: Settings › Camera › Formats › Most Compatible, or share the photo and pick JPEG).';

export function photoProblem(file: { name: string; type: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (/\.(heic|heif)$/.test(name) || /^image\/hei[cf]/.test(file.type)) return HEIC_ADVICE;
  if (/\.svg$/.test(name) || file.type === 'image/svg+xml') return 'SVG drawings are not accepted: choose a photo (JPEG, PNG or WebP).';
  if (file.type && !/^image\/(jpeg|png|webp)$/.test(file.type)) return 'This file is not a JPEG, PNG or WebP photo: choose a photo.';
  if (file.size > PHOTO_MAX_BYTES) return `This file is ${Math.round(file.size / 1024 / 1024)} MB: the limit is 20 MB. Choose a smaller copy (a phone’s “large” size is well under it).`;
  return null;
}
