import { type CharmOptions, drawCharm } from './charm';
import { darken, escapeXml, hashId, isHexColour, lighten, round } from './svg';

/** Bigger pictures made of charms: landing and category tiles, the home banner, the promo grid. */

export type SceneCharm = Pick<CharmOptions, 'shape' | 'metalColour' | 'label'>;

export interface TileOptions extends SceneCharm {
  /** Backdrop colour, `#rrggbb`; default a warm ivory. */
  background?: string;
  /** Rendered width and height in pixels. Default 160. */
  size?: number;
}

const IVORY = '#f7f1e8';

function checkColour(name: string, value: string): void {
  if (!isHexColour(value)) throw new RangeError(`${name} must be #rrggbb, not ${value}`);
}

/** A square tile: a soft round backdrop and one charm in the middle. */
export function renderTileSvg({ background = IVORY, size = 160, ...charm }: TileOptions): string {
  checkColour('background', background);
  const { defs, content } = drawCharm(charm);
  const glow = `t${hashId(background)}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="${size}" height="${size}" aria-hidden="true">` +
    `<defs>${defs}<radialGradient id="${glow}" cx="0.5" cy="0.45" r="0.65">` +
    `<stop offset="0" stop-color="${lighten(background, 0.7)}"/><stop offset="1" stop-color="${background}"/></radialGradient></defs>` +
    `<rect width="100" height="100" rx="8" fill="url(#${glow})"/>` +
    `<g transform="translate(12 10) scale(0.76)">${content}</g></svg>`
  );
}

export interface SceneOptions {
  charms: readonly SceneCharm[];
  /** Two backdrop colours, top-left to bottom-right. */
  background: readonly [string, string];
  width: number;
  height: number;
  /** Keep the left part free (for a headline laid over it in HTML): the share of the width left empty. */
  leaveLeft?: number;
  /** Words drawn into the picture, for pictures used where no HTML text sits beside them. */
  caption?: string;
}

/** Points along a quadratic curve, with the direction of travel at each (degrees). */
function alongCurve(from: [number, number], control: [number, number], to: [number, number], t: number) {
  const x = (1 - t) ** 2 * from[0] + 2 * (1 - t) * t * control[0] + t ** 2 * to[0];
  const y = (1 - t) ** 2 * from[1] + 2 * (1 - t) * t * control[1] + t ** 2 * to[1];
  const dx = 2 * (1 - t) * (control[0] - from[0]) + 2 * t * (to[0] - control[0]);
  const dy = 2 * (1 - t) * (control[1] - from[1]) + 2 * t * (to[1] - control[1]);
  return { x, y, angle: (Math.atan2(dy, dx) * 180) / Math.PI };
}

/**
 * A wide picture: a chain draped across the backdrop with the charms hanging from it, a few sparkles,
 * and optionally a caption. Used for the home banner (1200 x 480) and the promo tiles (600 x 400).
 */
export function renderSceneSvg({ charms, background, width, height, leaveLeft = 0, caption }: SceneOptions): string {
  checkColour('background[0]', background[0]);
  checkColour('background[1]', background[1]);
  if (charms.length === 0) throw new RangeError('A scene needs at least one charm');
  const chainColour = charms[0]!.metalColour;
  const left = width * leaveLeft + width * 0.04;
  const right = width * 0.96;
  const sag = height * 0.16;
  const from: [number, number] = [left, height * 0.14];
  const to: [number, number] = [right, height * 0.14];
  const control: [number, number] = [(left + right) / 2, height * 0.14 + sag * 2];
  const backdrop = `b${hashId(background.join())}`;

  const linkCount = Math.max(12, Math.round((right - left) / (height * 0.045)));
  const linkSize = height * 0.022;
  let chain = '';
  for (let i = 0; i <= linkCount; i += 1) {
    const { x, y, angle } = alongCurve(from, control, to, i / linkCount);
    const wide = i % 2 === 0;
    chain +=
      `<ellipse cx="${round(x)}" cy="${round(y)}" rx="${round(linkSize * 1.5)}" ry="${round(wide ? linkSize : linkSize * 0.45)}" ` +
      `transform="rotate(${Math.round(angle)} ${round(x)} ${round(y)})" fill="none" stroke="${darken(chainColour, 0.35)}" stroke-width="${round(linkSize * 0.55)}"/>`;
  }

  const charmSize = Math.min(height * 0.62, ((right - left) / charms.length) * 1.05);
  let defs = '';
  let hanging = '';
  charms.forEach((charm, index) => {
    const t = (index + 0.5) / charms.length;
    const { x, y } = alongCurve(from, control, to, t);
    const drawing = drawCharm(charm);
    defs += drawing.defs;
    const scale = charmSize / 100;
    const swing = (index % 2 === 0 ? -1 : 1) * 6;
    // The top of the charm's jump ring hangs on the chain point.
    hanging +=
      `<g transform="translate(${round(x)} ${round(y)}) rotate(${swing}) scale(${round(scale)}) translate(-50 ${-drawing.hangY})">` +
      `${drawing.content}</g>`;
  });

  let sparkles = '';
  for (let i = 0; i < 7; i += 1) {
    const sx = left + ((i * 0.37 + 0.11) % 1) * (right - left);
    const sy = height * (0.55 + ((i * 0.53) % 0.4));
    const r = height * 0.012;
    sparkles += `<path d="M${round(sx)} ${round(sy - r * 3)}L${round(sx + r)} ${round(sy - r)}L${round(sx + r * 3)} ${round(sy)}L${round(sx + r)} ${round(sy + r)}L${round(sx)} ${round(sy + r * 3)}L${round(sx - r)} ${round(sy + r)}L${round(sx - r * 3)} ${round(sy)}L${round(sx - r)} ${round(sy - r)}Z" fill="#ffffff" opacity="0.75"/>`;
  }

  const text = caption
    ? `<text x="${width / 2}" y="${round(height * 0.93)}" text-anchor="middle" font-family="Georgia,'Times New Roman',serif" font-size="${round(height * 0.075)}" fill="${darken(background[1], 0.7)}">${escapeXml(caption)}</text>`
    : '';

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" aria-hidden="true">` +
    `<defs>${defs}<linearGradient id="${backdrop}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${background[0]}"/><stop offset="1" stop-color="${background[1]}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#${backdrop})"/>${sparkles}${chain}${hanging}${text}</svg>`
  );
}

/** The home page's banner: 1200 x 480, the left 40% left free for the headline. */
export const renderBannerSvg = (options: Pick<SceneOptions, 'charms' | 'background'>): string =>
  renderSceneSvg({ ...options, width: 1200, height: 480, leaveLeft: 0.4 });

/** A promo picture for the home page's grids: 600 x 400 by default. */
export const renderPromoSvg = (options: Pick<SceneOptions, 'charms' | 'background' | 'caption'> & { width?: number; height?: number }): string =>
  renderSceneSvg({ width: 600, height: 400, ...options });
