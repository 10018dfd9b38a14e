import type { CharmShape } from './shape-names';
import { type LabelPlace, type Part, SHAPES, type ShapeDrawing } from './shapes';
import { darken, escapeXml, hashId, isHexColour, lighten } from './svg';

export { CHARM_SHAPES, type CharmShape, isCharmShape } from './shape-names';

export interface CharmOptions {
  shape: CharmShape;
  /** The metal's colour, `#rrggbb` (METALS[].colour of `@charms/domain/metals`). */
  metalColour: string;
  /** Engraved or raised text where the shape has room for it (number, letter, disc, tag, calendar, heart). */
  label?: string;
  /** Rendered width and height in pixels; the drawing is square. Default 160. */
  size?: number;
  /** Accessible name when the SVG is inlined; leave out for an `<img>`, whose `alt` names it. */
  title?: string;
}

/** A charm drawn as SVG markup that a bigger picture can place: its gradient definitions and its content. */
export interface CharmDrawing {
  defs: string;
  content: string;
  /** Where the jump ring's top is in the 100 x 100 box: the point to hang the charm from. */
  hangY: number;
}

const FONT = "Georgia,'Times New Roman',serif";

function partsMarkup(parts: readonly Part[] | undefined, attributes: string): string {
  return (parts ?? [])
    .map((part) => `<path d="${part.d}"${part.transform ? ` transform="${part.transform}"` : ''}${attributes}/>`)
    .join('');
}

function labelMarkup(place: LabelPlace, label: string | undefined, colour: string, outline: string): string {
  const text = [...(label ?? place.fallback)].slice(0, 4).join('');
  if (!text) return '';
  // Wide glyphs take about 0.62 of the font size; shrink long labels so they stay on the charm.
  const size = Math.min(place.size, place.width / (text.length * 0.62));
  const common = `x="${place.x}" y="${place.y}" text-anchor="middle" dominant-baseline="central" font-family="${FONT}" font-weight="700" font-size="${Math.round(size * 10) / 10}"`;
  return place.style === 'raised'
    ? `<text ${common} fill="${lighten(colour, 0.35)}" stroke="${outline}" stroke-width="1.6" paint-order="stroke">${escapeXml(text)}</text>`
    : `<text ${common} fill="${darken(colour, 0.5)}">${escapeXml(text)}</text>`;
}

/**
 * Draws a charm in a 100 x 100 box: a jump ring at the top and the silhouette filled with a shaded metal
 * gradient, outlined once around the whole shape (the parts are stroked first, then filled on top).
 */
export function drawCharm({ shape, metalColour, label }: Omit<CharmOptions, 'size' | 'title'>): CharmDrawing {
  if (!isHexColour(metalColour)) throw new RangeError(`metalColour must be #rrggbb, not ${metalColour}`);
  const drawing: ShapeDrawing = SHAPES[shape];
  if (!drawing) throw new RangeError(`Unknown charm shape: ${String(shape)}`);
  const id = `m${hashId(`${shape}|${metalColour}`)}`;
  const outline = darken(metalColour, 0.55);
  const engraving = darken(metalColour, 0.42);
  const defs =
    `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${lighten(metalColour, 0.55)}"/>` +
    `<stop offset="0.45" stop-color="${metalColour}"/>` +
    `<stop offset="1" stop-color="${darken(metalColour, 0.28)}"/></linearGradient>`;
  const ringY = drawing.top - 7;
  const ring =
    drawing.ring === false
      ? ''
      : `<circle cx="50" cy="${ringY}" r="7" fill="none" stroke="${outline}" stroke-width="5"/>` +
        `<circle cx="50" cy="${ringY}" r="7" fill="none" stroke="${lighten(metalColour, 0.15)}" stroke-width="2.6"/>`;
  const content =
    ring +
    partsMarkup(drawing.body, ` fill="${outline}" stroke="${outline}" stroke-width="4" stroke-linejoin="round" fill-rule="evenodd"`) +
    partsMarkup(drawing.body, ` fill="url(#${id})" fill-rule="evenodd"`) +
    partsMarkup(drawing.details, ` fill="none" stroke="${engraving}" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"`) +
    partsMarkup(drawing.marks, ` fill="${outline}"`) +
    (drawing.label ? labelMarkup(drawing.label, label, metalColour, outline) : '');
  return { defs, content, hangY: drawing.ring === false ? 6 : ringY - 7 };
}

/** A charm as a standalone SVG document, e.g. for an `<img src>` or a product picture. */
export function renderCharmSvg(options: CharmOptions): string {
  const size = options.size ?? 160;
  const { defs, content } = drawCharm(options);
  const name = options.title ? `<title>${escapeXml(options.title)}</title>` : '';
  const role = options.title ? ' role="img"' : ' aria-hidden="true"';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="${size}" height="${size}"${role}>` +
    `${name}<defs>${defs}</defs>${content}</svg>`
  );
}
