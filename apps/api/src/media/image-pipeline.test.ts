import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkImage } from './image-check';
import { sniffImageFormat } from './image-format';
import { ImageRefusal } from './image-refusal';
import { processImage, variantWidths } from './image-variants';
import { animatedWebp, pixelBomb, testPhoto } from './test-images';

async function refusal(bytes: Uint8Array): Promise<ImageRefusal> {
  const error = await processImage(bytes).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImageRefusal);
  return error as ImageRefusal;
}

describe('what a file is, from its bytes', () => {
  it('knows the three accepted formats whatever they are called', async () => {
    expect(sniffImageFormat(await testPhoto({ format: 'jpeg', width: 200, height: 200 }))).toBe('jpeg');
    expect(sniffImageFormat(await testPhoto({ format: 'png', width: 200, height: 200 }))).toBe('png');
    expect(sniffImageFormat(await testPhoto({ format: 'webp', width: 200, height: 200 }))).toBe('webp');
  });

  it('tells SVG, HEIC, GIF and scripts apart from photos', () => {
    expect(sniffImageFormat(Buffer.from('\uFEFF  <?xml version="1.0"?>\n<!-- logo --><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBe('svg');
    expect(sniffImageFormat(Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic', 'latin1'))).toBe('heic');
    expect(sniffImageFormat(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBe('gif');
    expect(sniffImageFormat(Buffer.from('#!/bin/sh\nrm -rf /\n'))).toBe('unknown');
    expect(sniffImageFormat(Buffer.from('<html><body>hello</body></html>'))).toBe('unknown');
  });
});

describe('refused uploads say why', () => {
  it('a script named .jpg', async () => {
    const error = await refusal(Buffer.from('<?php system($_GET["c"]); ?>'));
    expect(error.statusCode).toBe(415);
    expect(error.message).toMatch(/not a photo, whatever its name says/);
  });

  it('an SVG drawing', async () => {
    const error = await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500"><rect width="500" height="500"/></svg>'));
    expect(error.reason).toBe('svg');
    expect(error.message).toMatch(/SVG drawings are not accepted/);
  });

  it('a HEIC photo, which this build of sharp cannot decode (no HEVC decoder in its libheif)', async () => {
    expect(sharp.format.heif.input.fileSuffix).not.toContain('.heic');
    const error = await refusal(Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic', 'latin1'));
    expect(error.reason).toBe('heic');
    expect(error.message).toMatch(/Most Compatible/);
  });

  it('a truncated JPEG, PNG and WebP', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const whole = await testPhoto({ format, width: 800, height: 600 });
      const error = await refusal(whole.subarray(0, Math.floor(whole.length * 0.6)));
      expect(error.reason, format).toBe('truncated');
      expect(error.message).toMatch(/cut short/);
    }
  });

  it('a decompression bomb: 100 megapixels declared in a small file, refused from its header', async () => {
    const bomb = pixelBomb(10_000, 10_000);
    expect(bomb.length).toBeLessThan(100_000);
    const error = await refusal(bomb);
    expect(error.reason).toBe('too-many-pixels');
    expect(error.message).toBe('This image declares 10000 × 10000 pixels (100 megapixels): the limit is 100 megapixels. Upload a smaller copy.');
  });

  it('an animated image', async () => {
    expect((await refusal(await animatedWebp())).message).toMatch(/Animated images are not accepted/);
  });

  it('an icon-sized image', async () => {
    expect((await refusal(await testPhoto({ width: 64, height: 64 }))).reason).toBe('too-small');
  });
});

describe('processing', () => {
  it('makes AVIF, WebP and JPEG at each width up to the original, never larger', async () => {
    const processed = await processImage(await testPhoto({ width: 2000, height: 1000 }));
    expect(processed).toMatchObject({ width: 1600, height: 800 });
    const made = processed.variants.map(({ format, width, height }) => `${format} ${width}×${height}`);
    expect(made).toEqual([320, 640, 960, 1600].flatMap((width) => ['avif', 'webp', 'jpeg'].map((format) => `${format} ${width}×${width / 2}`)));
    for (const variant of processed.variants) {
      const metadata = await sharp(variant.bytes).metadata();
      expect(metadata.format).toBe(variant.format === 'avif' ? 'heif' : variant.format);
      expect(metadata.width).toBe(variant.width);
      expect(variant.key).toMatch(/^[0-9a-f]{64}\.(avif|webp|jpg)$/);
    }
  });

  it('never upscales a small photo', async () => {
    expect(variantWidths(500)).toEqual([320, 500]);
    expect(variantWidths(1000)).toEqual([320, 640, 1000]);
    const processed = await processImage(await testPhoto({ format: 'png', width: 500, height: 400 }));
    expect(new Set(processed.variants.map((variant) => variant.width))).toEqual(new Set([320, 500]));
  });

  it('turns the photo upright and strips its metadata (camera, serial number)', async () => {
    // Stored 1200 × 800 with orientation 6 (a phone held upright): shown 800 × 1200.
    const photo = await testPhoto({ width: 1200, height: 800, orientation: 6, exif: true });
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('Secret Serial');
    const processed = await processImage(photo);
    expect(processed).toMatchObject({ width: 800, height: 1200 });
    for (const variant of processed.variants) {
      const metadata = await sharp(variant.bytes).metadata();
      expect(metadata.height).toBeGreaterThan(metadata.width!);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
    }
  });

  it('gives the same bytes the same key, and different pictures different keys', async () => {
    const photo = await testPhoto({ width: 700, height: 700 });
    const [first, again, other] = [await processImage(photo), await processImage(photo), await processImage(await testPhoto({ width: 700, height: 700, colour: '#eee' }))];
    expect(again.variants.map((variant) => variant.key)).toEqual(first.variants.map((variant) => variant.key));
    expect(other.variants[0]!.key).not.toBe(first.variants[0]!.key);
  });

  it('checks the header without decoding', async () => {
    await expect(checkImage(await testPhoto({ format: 'webp', width: 300, height: 200 }))).resolves.toEqual({ format: 'webp', width: 300, height: 200 });
  });
});
