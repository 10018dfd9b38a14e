import { createHash } from 'node:crypto';
import { ART_VERSION, artUrl } from '@charms/art/art-url';
import { CHARM_SHAPES } from '@charms/art/shape-names';
import { METALS } from '@charms/domain/metals';
import { describe, expect, it } from 'vitest';
import { HOME_BANNERS, HOME_BANNER_ROW, HOME_PROMOS } from '../content/home';
import type { Route } from './+types/art-image';
import { loader, pictureFor } from './art-image';

/** GET of an /art address, as React Router calls the route's loader for it. */
function get(address: string): Response {
  const url = new URL(address, 'http://shop.test');
  const splat = decodeURIComponent(url.pathname.slice('/art/'.length));
  return loader({ params: { '*': splat }, request: new Request(url) } as unknown as Route.LoaderArgs);
}

describe('the generated pictures under /art', () => {
  it('serve a versioned address as an SVG kept for a year', async () => {
    const response = get(artUrl('tile/14k-gold/heart.svg?label=AB'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const svg = await response.text();
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('AB');
    expect(get(artUrl('banner/' + HOME_BANNERS[0]!.id + '.svg')).status).toBe(200);
  });

  it("answer any version with today's drawing, and the addresses without one (older pages) for a day", async () => {
    const today = await get(artUrl('charm/sterling-silver/moon.svg')).text();
    const older = get('/art/v0/charm/sterling-silver/moon.svg');
    expect(older.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await older.text()).toBe(today);
    const unversioned = get('/art/charm/sterling-silver/moon.svg');
    expect(unversioned.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(await unversioned.text()).toBe(today);
  });

  it('answer 404 for what they do not draw', () => {
    for (const address of [
      artUrl('tile/platinum/heart.svg'),
      artUrl('tile/14k-gold/no-such-shape.svg'),
      artUrl('tile/14k-gold/heart.png'),
      artUrl('banner/no-such-banner.svg'),
      artUrl('poster/one.svg'),
      artUrl('tile/14k-gold/extra/heart.svg'),
      '/art/version-1/tile/14k-gold/heart.svg',
      '/art/',
    ]) {
      const response = get(address);
      expect(response.status, address).toBe(404);
      expect(response.headers.get('cache-control'), address).toBeNull();
    }
  });

  it('keep a label to four letters or digits, and draw without one otherwise', async () => {
    const plain = await get(artUrl('tile/14k-gold/heart.svg')).text();
    expect(await get(artUrl('tile/14k-gold/heart.svg?label=<script>')).text()).toBe(plain);
    expect(await get(artUrl('tile/14k-gold/heart.svg?label=ABCDE')).text()).toBe(plain);
  });

  it(`draw what ${ART_VERSION} drew: a changed drawing needs a new ART_VERSION, or browsers keep the old one for a year`, () => {
    // Every shape in one metal, every metal for one shape, with and without a label, and every home picture.
    const pictures: (string | null)[] = [];
    for (const shape of CHARM_SHAPES) {
      pictures.push(pictureFor('tile', 'sterling-silver', `${shape}.svg`, null), pictureFor('charm', 'sterling-silver', `${shape}.svg`, 'A1'));
    }
    for (const metal of METALS) pictures.push(pictureFor('tile', metal.slug, 'heart.svg', 'M'));
    for (const picture of HOME_BANNERS) pictures.push(pictureFor('banner', undefined, `${picture.id}.svg`, null));
    for (const picture of [...HOME_PROMOS, ...HOME_BANNER_ROW]) pictures.push(pictureFor('promo', undefined, `${picture.id}.svg`, null));
    expect(pictures.every((svg) => svg !== null && svg.startsWith('<svg'))).toBe(true);
    const fingerprint = createHash('sha256').update(pictures.join('\n')).digest('hex').slice(0, 16);
    // When this fails after changing a drawing on purpose: raise ART_VERSION in packages/art/src/art-url.ts, then
    // write the new fingerprint here.
    expect({ version: ART_VERSION, fingerprint }).toEqual({ version: 'v1', fingerprint: '51105bf823c39667' });
  });
});
