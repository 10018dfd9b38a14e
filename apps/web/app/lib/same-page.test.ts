import { describe, expect, it } from 'vitest';
import { thisPageAgain } from './same-page';

describe('thisPageAgain', () => {
  it('is the page path with its query', () => {
    expect(thisPageAgain({ pathname: '/products/search/charm%20design', search: '?sort=price-asc' })).toBe('/products/search/charm%20design?sort=price-asc');
    expect(thisPageAgain({ pathname: '/', search: '' })).toBe('/');
  });

  it('never leads to another site, whatever path the request had', () => {
    for (const path of ['//evil.example/x', '///evil.example', '/\\evil.example', '/\\/evil.example']) {
      // As the server and the browser see such a request: its pathname, parsed from the URL.
      const { pathname } = new URL(`https://shop.example${path}`);
      const href = thisPageAgain({ pathname, search: '' });
      expect(new URL(href, 'https://shop.example').host, path).toBe('shop.example');
    }
  });
});
