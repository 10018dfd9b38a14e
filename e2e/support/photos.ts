import sharp from 'sharp';

/** A photo made here (no binary fixtures): a dark disc on a coloured ground, so each colour is a different file. */
export async function photo(colour: string, format: 'jpeg' | 'png', width = 1400, height = 1000): Promise<Buffer> {
  const disc = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#223"/></svg>`);
  return sharp({ create: { width, height, channels: 3, background: colour } }).composite([{ input: disc }]).toFormat(format).toBuffer();
}
