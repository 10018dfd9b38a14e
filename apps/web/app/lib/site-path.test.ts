import { describe, expect, it } from 'vitest';
import { pathOnThisSite } from './site-path';

describe('pathOnThisSite', () => {
  it('is a path of this site with its query, as it is', () => {
    expect(pathOnThisSite('/products/search/charm%20design?sort=price-asc')).toBe('/products/search/charm%20design?sort=price-asc');
    expect(pathOnThisSite('/')).toBe('/');
  });

  it('never leads to another site, whatever path the request had', () => {
    for (const path of ['//evil.example/x', '///evil.example', '/\\evil.example', '/\\/evil.example']) {
      // As the server and the browser see such a request: its pathname, parsed from the URL.
      const { pathname } = new URL(`https://shop.example${path}`);
      for (const to of [path, pathname]) expect(new URL(pathOnThisSite(to), 'https://shop.example').host, to).toBe('shop.example');
    }
    for (const to of ['https://evil.example/', 'javascript:alert(1)', '', undefined]) expect(pathOnThisSite(to)).toBe('/');
  });
});
