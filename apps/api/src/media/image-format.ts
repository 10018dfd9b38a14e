/**
 * What a file is, from its first bytes: the name and the browser's MIME type are the uploader's word and are
 * never read. Only the three web raster formats are accepted; the others are named so the refusal can say what to do.
 */
export type SniffedFormat = 'jpeg' | 'png' | 'webp' | 'heic' | 'avif' | 'gif' | 'svg' | 'other-image' | 'unknown';

export const ACCEPTED_FORMATS = ['jpeg', 'png', 'webp'] as const;
export type AcceptedFormat = (typeof ACCEPTED_FORMATS)[number];

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** HEIF brands of HEVC-coded photos (iPhones' .heic); AVIF is the same container with AV1 inside. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);

function isoBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return [];
  const boxSize = Math.min(new DataView(bytes.buffer, bytes.byteOffset).getUint32(0), bytes.length, 256);
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands;
}

export function sniffImageFormat(bytes: Uint8Array): SniffedFormat {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 0, 4) === 'GIF8') return 'gif';
  const brands = isoBrands(bytes);
  if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
  if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  if (brands.includes('mif1') || brands.includes('msf1')) return 'heic';
  // TIFF (both byte orders), BMP, ICO, JPEG 2000, JPEG XL.
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]) || ascii(bytes, 0, 2) === 'BM') return 'other-image';
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) || startsWith(bytes, [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50]) || startsWith(bytes, [0xff, 0x0a])) return 'other-image';
  // SVG is text (XML): a drawing with scripts and links, not a photo. Look past a BOM, whitespace and comments.
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('<') && /<svg[\s>]/i.test(head)) return 'svg';
  return 'unknown';
}
