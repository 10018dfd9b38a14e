import { describe, expect, it } from 'vitest';
import { faceShapeOf } from './engraving-preview';

describe('faceShapeOf', () => {
  it('draws the face the product picture is set in', () => {
    expect(faceShapeOf('/api/images/products/v1/c._.heart.plain.50/14k-gold.svg')).toBe('heart');
    expect(faceShapeOf('/api/images/products/v1/c._.tag.engraved.00.SIS/sterling-silver.svg')).toBe('tag');
    expect(faceShapeOf('/api/images/products/v1/c._.square.plain.10.X/sterling-silver.svg')).toBe('tag');
    expect(faceShapeOf('/api/images/products/v1/c.lotus-flower.heart.engraved.20/sterling-silver.svg')).toBe('heart');
  });

  it('falls back to a disc for other settings and for no picture', () => {
    expect(faceShapeOf('/api/images/products/v1/c._.disc.plain.10.56/sterling-silver.svg')).toBe('disc');
    expect(faceShapeOf('/api/images/products/v1/c.sun.octagon.plain.30/sterling-silver.svg')).toBe('disc');
    expect(faceShapeOf(undefined)).toBe('disc');
  });
});
