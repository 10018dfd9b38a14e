import { describe, expect, it } from 'vitest';
import { safeNextPath, signInPath } from './sign-in-path';

describe('where the sign-in page returns to', () => {
  it.each(['/admin', '/admin/orders?status=paid&page=2', '/admin/orders/5d0f6c1e-6f1e-4a53-9b1f-1f2e3d4c5b6a'])('an admin page (%s) is kept', (path) => {
    expect(safeNextPath(path)).toBe(path);
  });

  it.each([null, '', '/', '/order', '//evil.example/admin', 'https://evil.example/admin', '/admin//evil.example', '/administrator', '/admin\\evil', 'javascript:alert(1)'])(
    'anything else (%j) returns to the dashboard',
    (path) => {
      expect(safeNextPath(path)).toBe('/admin');
    },
  );

  it.each(['/admin?\r\nX: 1', '/admin?\u2028', '/admin?\u007f', '/admin?\u00e9', '/admin/%FF', '/admin/%E2%80', '/admin/ orders'])(
    'an admin address no Location header can carry (%j) returns to the dashboard',
    (path) => {
      expect(safeNextPath(path)).toBe('/admin');
    },
  );

  it('an admin page asked for with a search in another script comes back as the browser wrote it', () => {
    const url = new URL('http://shop.test/admin/orders?q=Zoë');
    expect(new URLSearchParams(signInPath(url).split('?')[1]).get('next')).toBe('/admin/orders?q=Zo%C3%AB');
  });

  it('a page asked for signed out returns there; a data request returns to its page', () => {
    expect(signInPath(new URL('http://shop.test/admin/orders?status=paid'))).toBe('/account?next=%2Fadmin%2Forders%3Fstatus%3Dpaid');
    expect(signInPath(new URL('http://shop.test/admin/orders.data?status=paid&_routes=admin'))).toBe('/account?next=%2Fadmin%2Forders%3Fstatus%3Dpaid');
    expect(signInPath(new URL('http://shop.test/admin'))).toBe('/account');
  });
});
