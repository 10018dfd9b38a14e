import { describe, expect, it } from 'vitest';
import { canonicalHref } from './seo';

describe('canonicalHref', () => {
  it('joins base address and path with exactly one slash between segments', () => {
    expect(canonicalHref('https://shop.example', '/faq')).toBe('https://shop.example/faq');
    expect(canonicalHref('https://shop.example/', '//products//category/Dog-Charms')).toBe(
      'https://shop.example/products/category/Dog-Charms',
    );
    expect(canonicalHref('http://localhost:3000/store/', 'faq')).toBe('http://localhost:3000/store/faq');
  });
});
