import type { MediaStorage } from './media-storage';
import { processImage } from './image-variants';
import type { VariantFormat } from './media-keys';

/** What a caller keeps of a stored image (in its table, as JSON): enough to write a <picture> without asking storage. */
export interface StoredImage {
  width: number;
  height: number;
  variants: { format: VariantFormat; width: number; height: number; key: string; bytes: number }[];
}

/**
 * The whole pipeline for one upload: checked by content, processed (image-variants.ts) and every variant stored.
 * Refusals throw ImageRefusal before anything is stored. Should a write fail half-way, the variants already written
 * stay as unreferenced files (harmless: content-addressed, never served by a listing).
 */
export async function storeImage(storage: MediaStorage, bytes: Uint8Array): Promise<StoredImage> {
  const processed = await processImage(bytes);
  for (const variant of processed.variants) await storage.put(variant.key, variant.bytes, variant.contentType);
  return {
    width: processed.width,
    height: processed.height,
    variants: processed.variants.map(({ format, width, height, key, bytes: data }) => ({ format, width, height, key, bytes: data.length })),
  };
}
