import type { Photo } from '@charms/contracts/product-photos';
import type { ImgHTMLAttributes } from 'react';

const TYPES = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' } as const;

/** `url 320w, url 640w, …` for one format. */
export function srcSetOf(photo: Photo, format: keyof typeof TYPES): string {
  return photo.sources
    .filter((source) => source.format === format)
    .map((source) => `${source.url} ${source.width}w`)
    .join(', ');
}

/** The JPEG nearest `width` (at least it, else the largest): the <img>'s own src, for browsers without srcset. */
export function fallbackOf(photo: Photo, width = 640): string {
  const jpegs = photo.sources.filter((source) => source.format === 'jpeg');
  return (jpegs.find((source) => source.width >= width) ?? jpegs.at(-1))!.url;
}

/**
 * A product photo as a <picture>: AVIF, then WebP, then JPEG, each at every width with `sizes` saying how wide it is
 * shown, so the browser fetches the smallest file that is sharp. Width and height give its ratio before it loads.
 */
export function ProductPhoto({ photo, sizes, alt, ...img }: { photo: Photo; sizes: string; alt?: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'alt'>) {
  return (
    <picture>
      <source type={TYPES.avif} srcSet={srcSetOf(photo, 'avif')} sizes={sizes} />
      <source type={TYPES.webp} srcSet={srcSetOf(photo, 'webp')} sizes={sizes} />
      <img src={fallbackOf(photo)} srcSet={srcSetOf(photo, 'jpeg')} sizes={sizes} width={photo.width} height={photo.height} alt={alt ?? photo.alt} decoding="async" {...img} />
    </picture>
  );
}
