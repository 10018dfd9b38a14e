import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Images for tests, made with sharp at run time (no binary fixtures): a disc on a coloured ground, so resizing and
 * encoding do real work and orientation can be seen (the disc sits in the left half).
 */
export async function testPhoto(options: { width?: number; height?: number; format?: 'jpeg' | 'png' | 'webp'; orientation?: number; exif?: boolean; colour?: string } = {}): Promise<Buffer> {
  const { width = 1200, height = 800, format = 'jpeg', colour = '#b08d57' } = options;
  const disc = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 4}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#223"/></svg>`);
  let image = sharp({ create: { width, height, channels: 3, background: colour } }).composite([{ input: disc }]);
  if (options.orientation || options.exif) {
    image = image.withExif({ IFD0: { Make: 'TestCam', Model: 'Secret Serial 1234', ...(options.orientation ? { Orientation: String(options.orientation) } : {}) } });
  }
  // withExif writes the orientation tag only through keepMetadata/withMetadata; set it explicitly.
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toFormat(format).toBuffer();
}

/**
 * A PNG that declares `width` × `height` pixels in a few hundred bytes: the header says so, and the compressed data
 * holds a few rows of zeros. Written by hand, because making a real one would need the memory the check protects.
 */
export function pixelBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const rows = deflateSync(Buffer.alloc((width + 1) * 4));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** An animated WebP of two frames. */
export async function animatedWebp(): Promise<Buffer> {
  const frame = (colour: string) => sharp({ create: { width: 200, height: 200, channels: 3, background: colour } }).png().toBuffer();
  const frames = await Promise.all([frame('#f00'), frame('#00f')]);
  return sharp(frames, { join: { animated: true } }).webp({ loop: 0 }).toBuffer();
}

/**
 * A real small JPEG whose frame header (SOF) is rewritten to declare `width` × `height`: a few KB that a decoder
 * would take for gigabytes of pixels.
 */
export async function jpegBomb(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(await testPhoto({ width: 200, height: 200 }));
  for (let at = 2; at + 9 < bytes.length; at += 2 + bytes.readUInt16BE(at + 2)) {
    if (bytes[at + 1]! >= 0xc0 && bytes[at + 1]! <= 0xc2) {
      bytes.writeUInt16BE(height, at + 5);
      bytes.writeUInt16BE(width, at + 7);
      return bytes;
    }
  }
  throw new Error('no frame header in the test JPEG');
}

/** A real small lossy WebP whose frame header is rewritten to declare `width` × `height` (each at most 16383). */
export async function webpBomb(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(await testPhoto({ width: 200, height: 200, format: 'webp' }));
  // RIFF, size, WEBP, then the 'VP8 ' chunk: its 8-byte header, a 3-byte frame tag, the 9d 01 2a start code.
  if (bytes.toString('latin1', 12, 16) !== 'VP8 ') throw new Error('the test WebP is not a simple lossy one');
  bytes.writeUInt16LE(width, 26);
  bytes.writeUInt16LE(height, 28);
  return bytes;
}
