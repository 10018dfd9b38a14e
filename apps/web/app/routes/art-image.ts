import { isCharmShape, renderCharmSvg } from '@charms/art/charm';
import { renderBannerSvg, renderPromoSvg, renderTileSvg } from '@charms/art/scenes';
import { findMetalBySlug } from '@charms/domain/metals';
import { findHomePicture } from '../content/home';
import type { Route } from './+types/art-image';

/**
 * The storefront's generated pictures, as SVG files so pages can size them and load them lazily, under the drawings'
 * version (`artUrl` in @charms/art/art-url): /art/v1/tile/{metal}/{shape}.svg[?label=A], /art/v1/charm/{metal}/{shape}.svg,
 * /art/v1/banner/{id}.svg, /art/v1/promo/{id}.svg. A versioned address is kept for a year (`immutable`): a changed
 * drawing gets a new version, so a new address. Any version is answered with today's drawing, so a page kept from
 * before a release still shows its pictures. The same addresses without a version, which pages used before,
 * are kept for a day.
 */
const LABEL = /^[\p{L}\p{N} ]{1,4}$/u;
const VERSION = /^v\d{1,4}$/;

function svgResponse(svg: string, versioned: boolean): Response {
  return new Response(svg, {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
    },
  });
}

const notFound = () => new Response('No such picture', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

export function pictureFor(kind: string, metalSlug: string | undefined, file: string, label: string | null): string | null {
  const name = file.replace(/\.svg$/, '');
  if (name === file) return null;
  if (kind === 'tile' || kind === 'charm') {
    const metal = metalSlug ? findMetalBySlug(metalSlug) : undefined;
    if (!metal || !isCharmShape(name)) return null;
    const text = label && LABEL.test(label) ? label : undefined;
    return kind === 'tile'
      ? renderTileSvg({ shape: name, metalColour: metal.colour, label: text, size: 160 })
      : renderCharmSvg({ shape: name, metalColour: metal.colour, label: text, size: 160 });
  }
  if (kind === 'banner' || kind === 'promo') {
    const picture = findHomePicture(kind, name);
    const metal = picture && findMetalBySlug(picture.metal);
    if (!picture || !metal) return null;
    const charms = picture.charms.map((shape) => ({ shape, metalColour: metal.colour }));
    return kind === 'banner'
      ? renderBannerSvg({ charms, background: picture.background })
      : renderPromoSvg({ charms, background: picture.background });
  }
  return null;
}

export function loader({ params, request }: Route.LoaderArgs) {
  const label = new URL(request.url).searchParams.get('label');
  const parts = (params['*'] ?? '').split('/');
  const versioned = VERSION.test(parts[0] ?? '');
  const [kind = '', ...rest] = versioned ? parts.slice(1) : parts;
  const svg =
    rest.length === 2 ? pictureFor(kind, rest[0], rest[1]!, label) : rest.length === 1 ? pictureFor(kind, undefined, rest[0]!, label) : null;
  return svg ? svgResponse(svg, versioned) : notFound();
}
