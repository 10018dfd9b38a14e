import { describe, expect, it } from 'vitest';
import { photoArtFileName, unorderedPhotoCutoff } from './photo-art';

const now = new Date('2025-06-30T12:00:00Z');

describe('PhotoArt uploads never ordered', () => {
  it('are kept 30 days', () => {
    expect(unorderedPhotoCutoff(now).toISOString()).toBe('2025-05-31T12:00:00.000Z');
  });
});

describe('downloaded photo names', () => {
  it('names the order and the line as the order page numbers it', () => {
    expect(photoArtFileName('CB-100042', 1)).toBe('order-CB-100042-line-1.jpg');
    expect(photoArtFileName('CB-100042', 3, 'preview')).toBe('order-CB-100042-line-3-preview.jpg');
  });

  it('keeps nothing but letters, digits and dashes of the order number', () => {
    expect(photoArtFileName('CB-1"\r\n/../x', 2)).toBe('order-CB-1x-line-2.jpg');
  });
});
