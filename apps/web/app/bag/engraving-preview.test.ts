import { describe, expect, it } from 'vitest';
import { faceShapeOf } from './engraving-preview';

describe('faceShapeOf', () => {
  it('draws the face of the charm the product picture shows (pictures drawn from the product name)', () => {
    expect(faceShapeOf('/api/images/products/v1/c._.heart.plain.20.30/sterling-silver.svg')).toBe('heart');
    expect(faceShapeOf('/api/images/products/v1/c.sitting-dog.tag.plain.30/14k-gold.svg')).toBe('tag');
    expect(faceShapeOf('/api/images/products/v1/c._.dogtag.plain.30/14k-gold.svg')).toBe('tag');
    expect(faceShapeOf('/api/images/products/v1/c.ribbon.disc.sculpted.50/sterling-silver.svg')).toBe('disc');
  });

  it('keeps reading the older silhouette links, and falls back to a disc', () => {
    expect(faceShapeOf('/api/images/charms/heart-A/sterling-silver.svg')).toBe('heart');
    expect(faceShapeOf('/api/images/charms/tag/sterling-silver.svg')).toBe('tag');
    expect(faceShapeOf('/api/images/products/v1/b.box.lobster._.5/sterling-silver.svg')).toBe('disc');
    expect(faceShapeOf(undefined)).toBe('disc');
  });
});
