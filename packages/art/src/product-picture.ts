import { COLOUR_ICON_BODIES } from './icon-data';
import { DRAWN_ICONS } from './motif-table';
import { type BraceletStyle, type ProductDesign, type Setting, TINTS, iconPath } from './product-design';
import { circle, darken, ellipse, escapeXml, isHexColour, lighten, polygon, rect, round, star } from './svg';

/**
 * Product pictures: the design chosen from the product's name (product-design.ts) drawn as a charm in the metal's
 * colour, hanging from its jump ring, with depth: a soft shadow, a dark outline, a bevel (a darker copy below
 * and a lighter one above the face), a shaded face and a sheen. Each picture is one small standalone SVG file;
 * ids are short and fixed because each file is its own document.
 */

interface SettingShape {
  /** Path data in the 100 x 100 box; empty for a motif cut out on its own. */
  d: string;
  /** Where the jump ring meets the charm, at x = 50. */
  top: number;
  /** The centre and size of the square the motif or label fills. */
  cy: number;
  size: number;
  /** The face inside the rim, where scaling the outline down would repeat its bumps (scalloped, flower). */
  field?: string;
}

const HEART =
  'M50 91C22 71 13 57 13 44C13 33 21 27 31 27C39 27 46 32 50 38C54 32 61 27 69 27C79 27 87 33 87 44C87 57 78 71 50 91Z';

function scalloped(): string {
  let d = circle(50, 59, 27);
  for (let i = 0; i < 12; i += 1) {
    const angle = (i / 12) * Math.PI * 2;
    d += circle(round(50 + 27 * Math.cos(angle)), round(59 + 27 * Math.sin(angle)), 6.5);
  }
  return d;
}

function flowerFrame(): string {
  let d = circle(50, 60, 20);
  for (let i = 0; i < 6; i += 1) {
    const angle = -Math.PI / 2 + (i / 6) * Math.PI * 2;
    d += circle(round(50 + 19 * Math.cos(angle)), round(60 + 19 * Math.sin(angle)), 13);
  }
  return d;
}

const octagon = polygon(...Array.from({ length: 8 }, (_, i) => {
  const angle = Math.PI / 8 + (i / 8) * Math.PI * 2;
  return [50 + 33 * Math.cos(angle), 60 + 33 * Math.sin(angle)] as const;
}));

const SETTING_SHAPES: Readonly<Record<Setting, SettingShape>> = {
  cut: { d: '', top: 27, cy: 60, size: 64 },
  disc: { d: circle(50, 60, 32), top: 28, cy: 60, size: 40 },
  heart: { d: HEART, top: 37, cy: 56, size: 36 },
  oval: { d: ellipse(50, 60, 26, 33), top: 27, cy: 60, size: 36 },
  tag: { d: rect(25, 26, 50, 66, 14), top: 26, cy: 59, size: 38 },
  shield: { d: 'M50 26L80 32V55C80 73 67 85 50 92C33 85 20 73 20 55V32Z', top: 27, cy: 57, size: 38 },
  scalloped: { d: scalloped(), top: 26, cy: 59, size: 38, field: circle(50, 59, 26) },
  octagon: { d: octagon, top: 29, cy: 60, size: 40 },
  square: { d: rect(20, 28, 60, 60, 9), top: 28, cy: 58, size: 42 },
  star: { d: star(50, 61, 38, 17), top: 24, cy: 63, size: 26 },
  bar: { d: rect(34, 24, 32, 70, 6), top: 24, cy: 59, size: 26 },
  dogtag: { d: rect(26, 25, 48, 68, 19), top: 25, cy: 62, size: 34 },
  bone: { d: circle(40, 28, 10) + circle(60, 28, 10) + circle(40, 82, 10) + circle(60, 82, 10) + rect(41, 28, 18, 54), top: 24, cy: 55, size: 20 },
  cross: { d: rect(42, 24, 16, 68, 3) + rect(25, 39, 50, 16, 3), top: 24, cy: 47, size: 15 },
  flower: { d: flowerFrame(), top: 29, cy: 60, size: 34, field: circle(50, 60, 24) },
  puzzle: { d: rect(26, 32, 48, 48, 4) + circle(50, 33, 8) + circle(74, 56, 8), top: 25, cy: 57, size: 36 },
  block: { d: rect(21, 28, 58, 58, 6), top: 28, cy: 57, size: 40 },
  locket: { d: ellipse(50, 61, 28, 31) + rect(45, 27, 10, 6, 2), top: 27, cy: 62, size: 34 },
  calendar: { d: rect(20, 30, 60, 58, 6), top: 30, cy: 64, size: 36 },
};

/** The other metal, for two-tone: gold on a white metal, white on a yellow one. */
function otherMetal(colour: string): string {
  const [r, , b] = [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16)) as [number, number, number];
  return r - b > 40 ? '#dcdde0' : '#d4a93c';
}

/** The gradients every picture uses: g = the metal's face, h = the sheen, x = the second metal (two-tone). */
function gradients(metal: string, second: string, antiqued: boolean): string {
  const face = (id: string, colour: string) =>
    `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${lighten(colour, antiqued ? 0.2 : 0.6)}"/>` +
    `<stop offset=".45" stop-color="${antiqued ? darken(colour, 0.1) : colour}"/><stop offset="1" stop-color="${darken(colour, antiqued ? 0.5 : 0.3)}"/></linearGradient>`;
  return (
    face('g', metal) +
    (second !== metal ? face('x', second) : '') +
    `<linearGradient id="h" x1="0" y1="0" x2=".6" y2=".9"><stop offset="0" stop-color="#fff" stop-opacity=".65"/>` +
    `<stop offset=".4" stop-color="#fff" stop-opacity="0"/></linearGradient>`
  );
}

/** One filled shape (a use of `#id`) drawn as metal with depth. `unit` is one picture unit in the shape's own units. */
function metalLayers(id: string, outline: string, metal: string, options: { deep: boolean; unit: number; fill?: string; shadow?: boolean }): string {
  const u = options.unit;
  const use = (attributes: string) => `<use href="#${id}"${attributes}/>`;
  let out = options.shadow === false ? '' : use(` fill="#000" opacity=".16" transform="translate(1.4 2.2)"`);
  out += use(` fill="${outline}" stroke="${outline}" stroke-width="${round(3.2 * u)}" stroke-linejoin="round"`);
  if (options.deep) {
    for (let step = 3; step >= 1; step -= 1) out += use(` fill="${darken(metal, 0.2 + step * 0.08)}" transform="translate(${step * 0.6} ${step * 0.8})"`);
  }
  out += use(` fill="${darken(metal, 0.35)}" transform="translate(.6 .8)"`);
  out += use(` fill="${lighten(metal, 0.7)}" transform="translate(-.5 -.6)"`);
  out += use(` fill="${options.fill ?? 'url(#g)'}"`);
  out += use(` fill="url(#h)"`);
  return out;
}

function sparkle(x: number, y: number, r: number): string {
  return `<path d="M${round(x)} ${round(y - r)}Q${round(x + r * 0.15)} ${round(y - r * 0.15)} ${round(x + r)} ${round(y)}Q${round(x + r * 0.15)} ${round(y + r * 0.15)} ${round(x)} ${round(y + r)}Q${round(x - r * 0.15)} ${round(y + r * 0.15)} ${round(x - r)} ${round(y)}Q${round(x - r * 0.15)} ${round(y - r * 0.15)} ${round(x)} ${round(y - r)}Z" fill="#fff"/>`;
}

function crystal(x: number, y: number, r: number, colour: string, outline: string): string {
  return (
    `<circle cx="${round(x)}" cy="${round(y)}" r="${round(r + 0.9)}" fill="${outline}"/>` +
    `<circle cx="${round(x)}" cy="${round(y)}" r="${r}" fill="${colour}"/>` +
    `<path d="M${round(x - r)} ${round(y)}L${round(x)} ${round(y - r)}L${round(x + r)} ${round(y)}Z" fill="#fff" opacity=".35"/>` +
    `<circle cx="${round(x - r * 0.35)}" cy="${round(y - r * 0.4)}" r="${round(r * 0.28)}" fill="#fff"/>`
  );
}

/** The jump ring (and for a dangle charm, a second link) from which the charm hangs. */
function jumpRing(top: number, outline: string, metal: string, dangle: boolean): string {
  const ring = (y: number, rx: number, ry: number) =>
    `<ellipse cx="50" cy="${y}" rx="${rx}" ry="${ry}" fill="none" stroke="${outline}" stroke-width="4.6"/>` +
    `<ellipse cx="50" cy="${y}" rx="${rx}" ry="${ry}" fill="none" stroke="${lighten(metal, 0.25)}" stroke-width="2.4"/>`;
  return dangle ? ring(top - 14, 5.5, 5.5) + ring(top - 5, 3, 5.5) : ring(top - 5.5, 6, 6);
}

function labelText(label: string, cx: number, cy: number, size: number, metal: string, outline: string, engraved: boolean): string {
  const fontSize = round(Math.min(size * 0.95, (size * 1.45) / label.length));
  const common = `x="${cx}" y="${round(cy)}" text-anchor="middle" dominant-baseline="central" font-family="Georgia,'Times New Roman',serif" font-weight="700" font-size="${fontSize}"`;
  const text = escapeXml(label);
  return engraved
    ? `<text ${common} fill="${lighten(metal, 0.5)}" transform="translate(.4 .5)">${text}</text><text ${common} fill="${darken(metal, 0.5)}">${text}</text>`
    : `<text ${common} fill="${darken(metal, 0.45)}" transform="translate(.7 .9)">${text}</text>` +
        `<text ${common} fill="${lighten(metal, 0.3)}" stroke="${outline}" stroke-width=".9" paint-order="stroke">${text}</text>`;
}

function renderCharm(design: Extract<ProductDesign, { kind: 'charm' }>, metal: string): [string, string] {
  const shape = SETTING_SHAPES[design.setting];
  const { finish } = design;
  const antiqued = finish === 'antiqued';
  const outline = darken(metal, antiqued ? 0.7 : 0.55);
  const second = finish === 'twotone' ? otherMetal(metal) : metal;
  const tint = TINTS[design.tint] ?? TINTS[0];
  const deep = finish === 'sculpted' || finish === 'large';
  let defs = gradients(metal, second, antiqued);
  let body = '';

  const cut = design.setting === 'cut';
  const field = (fill: string, scale: number) =>
    shape.field
      ? `<path d="${shape.field}" fill="${fill}"/>`
      : `<use href="#s" fill="${fill}" transform="translate(50 ${shape.cy}) scale(${scale}) translate(-50 ${-shape.cy})"/>`;
  if (!cut) {
    defs += `<path id="s" d="${shape.d}"/>`;
    if (finish === 'filigree') {
      // Lace: round beads along the edge, drawn under the setting so only their outer half shows.
      body += `<use href="#s" fill="none" stroke="${outline}" stroke-width="8" stroke-dasharray="0 4.2" stroke-linecap="round"/>`;
      body += `<use href="#s" fill="none" stroke="${lighten(metal, 0.2)}" stroke-width="6" stroke-dasharray="0 4.2" stroke-linecap="round"/>`;
    }
    body += metalLayers('s', outline, metal, { deep, unit: 1 });
    if (finish === 'enamel') {
      body += field(tint, 0.8) + field('url(#h)', 0.8);
    } else if (design.icon || design.label) {
      // A satin field inside a polished rim, so the polished motif stands out on it.
      body += field(darken(metal, antiqued ? 0.3 : 0.1), 0.84);
    }
  }

  const tilt = [0, -7, 7][design.pose % 3]!;
  const mirrored = design.pose >= 3;
  if (design.icon) {
    const path = iconPath(design.icon)!;
    const size = cut ? shape.size : shape.size * 1.12;
    const scale = size / 512;
    const x = 50 - size / 2;
    const y = shape.cy - size / 2;
    const place = mirrored ? `translate(${round(x + size)} ${round(y)}) scale(${round(-scale * 10000) / 10000} ${round(scale * 10000) / 10000})` : `translate(${round(x)} ${round(y)}) scale(${round(scale * 10000) / 10000})`;
    // The icon set's paths cut their holes by winding; the few drawn here by even-odd.
    const rule = Object.hasOwn(DRAWN_ICONS, design.icon) ? ' fill-rule="evenodd"' : '';
    defs += `<path id="i" d="${path}"${rule} transform="${place}"/>`;
    const unit = 1 / scale;
    if (cut) {
      // A bail joins the ring to the motif, whose own top may sit lower than its box.
      body += `<rect x="47" y="${shape.top - 2}" width="6" height="14" rx="3" fill="${outline}"/><rect x="48.4" y="${shape.top - 2}" width="3.2" height="13" rx="1.6" fill="${lighten(metal, 0.2)}"/>`;
      if (finish === 'filigree') body += `<circle cx="50" cy="${shape.cy}" r="35" fill="none" stroke="${outline}" stroke-width="2.4" stroke-dasharray="0 4" stroke-linecap="round"/>`;
      if (finish === 'enamel') {
        body += metalLayers('i', outline, metal, { deep, unit });
        body += `<use href="#i" fill="${tint}" stroke="url(#g)" stroke-width="${round(5 * unit)}" stroke-linejoin="round" transform="translate(50 ${shape.cy}) scale(.9) translate(-50 ${-shape.cy})"/>`;
        body += `<use href="#i" fill="url(#h)"/>`;
      } else {
        body += metalLayers('i', outline, metal, { deep, unit, fill: second !== metal ? 'url(#x)' : 'url(#g)' });
      }
    } else if (finish === 'engraved' || antiqued) {
      body += `<use href="#i" fill="${lighten(metal, 0.6)}" transform="translate(.4 .6)"/><use href="#i" fill="${darken(metal, antiqued ? 0.62 : 0.45)}"/>`;
    } else {
      const face = second !== metal ? 'url(#x)' : finish === 'enamel' ? lighten(metal, 0.15) : 'url(#g)';
      body += `<use href="#i" fill="#000" opacity=".28" transform="translate(.9 1.2)"/>`;
      body += `<use href="#i" fill="${darken(second, 0.5)}" stroke="${darken(second, 0.5)}" stroke-width="${round(1.8 * unit)}" stroke-linejoin="round"/>`;
      body += `<use href="#i" fill="${lighten(second, 0.7)}" transform="translate(-.4 -.5)"/><use href="#i" fill="${face}"/>`;
    }
  } else if (design.label) {
    const engraved = design.setting === 'calendar' || design.finish === 'engraved';
    if (design.setting === 'calendar') {
      body += `<path d="${rect(20, 30, 60, 14, 6)}" fill="${design.finish === 'enamel' ? tint : darken(metal, 0.25)}"/>` +
        `<path d="M30 55h40M30 66h40M30 77h40M40 46v38M60 46v38" stroke="${darken(metal, 0.3)}" stroke-width=".8" opacity=".6"/>`;
    }
    body += labelText(design.label, 50, shape.cy + (design.setting === 'calendar' ? 2 : 1), shape.size, metal, outline, engraved);
  } else {
    // A blank made for engraving: a fine engraved border and the polish of an empty face.
    body += sparkle(40, shape.cy - 8, 3.2);
  }

  if (finish === 'crystal') {
    const colour = tint;
    body += crystal(50, shape.top + 4, 3.6, colour, outline);
    body += cut ? '' : crystal(50, shape.cy + shape.size * 0.62, 3, colour, outline);
  }
  if (finish === 'crystal' || finish === 'polished') body += sparkle(73, shape.top + 6, 4) + sparkle(29, 84, 2.6);

  const charm = jumpRing(shape.top, outline, metal, finish === 'dangle') + body;
  const scale = finish === 'mini' ? 0.78 : 1;
  const transform = [
    tilt ? `rotate(${tilt} 50 ${shape.top - 12})` : '',
    scale !== 1 ? `translate(50 ${shape.top - 12}) scale(${scale}) translate(-50 ${-(shape.top - 12)})` : '',
  ].filter(Boolean).join(' ');
  return [defs, transform ? `<g transform="${transform}">${charm}</g>` : charm];
}

function renderPhoto(design: Extract<ProductDesign, { kind: 'photo' }>, metal: string): [string, string] {
  const shape = SETTING_SHAPES[design.frame === 'cut' ? 'disc' : design.frame];
  const outline = darken(metal, 0.55);
  const inner = `translate(50 ${shape.cy}) scale(.8) translate(-50 ${-shape.cy})`;
  const photoSize = 58;
  const defs =
    gradients(metal, metal, false) +
    `<path id="s" d="${shape.d}"/><clipPath id="k"><use href="#s" transform="${inner}"/></clipPath>` +
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9fd6f5"/><stop offset="1" stop-color="#fff3c4"/></linearGradient>`;
  const photo =
    `<g clip-path="url(#k)"><rect width="100" height="100" fill="url(#sky)"/>` +
    `<g transform="translate(${round(50 + (design.mirrored ? 1 : -1) * (photoSize / 2))} ${round(shape.cy - photoSize / 2)}) scale(${design.mirrored ? '-' : ''}${round(photoSize / 32)} ${round(photoSize / 32)})">${COLOUR_ICON_BODIES[design.picture]}</g>` +
    // The clear dome over the photo catches the light.
    `<ellipse cx="40" cy="${shape.cy - 14}" rx="24" ry="12" fill="#fff" opacity=".28"/></g>`;
  return [defs, jumpRing(shape.top, outline, metal, false) + metalLayers('s', outline, metal, { deep: false, unit: 1 }) + photo];
}

/** One link of a bracelet's chain, drawn at the origin along the x axis. */
function linkShape(style: BraceletStyle, index: number, outline: string, light: string): string {
  const ring = (d: string, width: number) =>
    `<path d="${d}" fill="none" stroke="${outline}" stroke-width="${width + 1.4}"/><path d="${d}" fill="none" stroke="${light}" stroke-width="${width}"/>`;
  const filled = (d: string) => `<path d="${d}" fill="url(#g)" stroke="${outline}" stroke-width=".9"/>`;
  switch (style) {
    case 'rolo':
      return ring(circle(0, 0, 2.6), 1.6);
    case 'double':
      return ring(ellipse(0, -1.3, 3.6, 1.5), 0.9) + ring(ellipse(0, 1.3, 3.6, 1.5), 0.9);
    case 'curb':
      return `<g transform="rotate(28)">${ring(ellipse(0, 0, 4.2, 2.2), 1.5)}</g>`;
    case 'figaro':
      return index % 4 === 3 ? ring(ellipse(0, 0, 5.6, 1.9), 1.3) : ring(ellipse(0, 0, 2.6, 2), 1.3);
    case 'mariner':
      return ring(ellipse(0, 0, 4.2, 2.6), 1.3) + `<path d="M0 -2.6V2.6" stroke="${outline}" stroke-width="1.4"/>`;
    case 'paperclip':
      return ring(rect(-5, -1.7, 10, 3.4, 1.7), 1.1);
    case 'twisted':
      return `<g transform="rotate(${index % 2 ? 35 : -35})">${ring(ellipse(0, 0, 4, 1.8), 1.3)}</g>`;
    case 'square':
      return ring(rect(-2.6, -2.6, 5.2, 5.2, 1), 1.3);
    case 'box':
      return filled(rect(-2.5, -2.5, 5, 5, 0.6)) + `<path d="${rect(-1.2, -1.2, 2.4, 2.4)}" fill="${outline}" opacity=".5"/>`;
    case 'byzantine':
      return ring(ellipse(-1, 0, 2.6, 2.4), 1) + ring(ellipse(1, 0, 2.6, 2.4), 1);
    case 'beaded':
      return filled(circle(0, 0, 2.7)) + `<circle cx="-.8" cy="-.9" r=".8" fill="#fff" opacity=".8"/>`;
    case 'rope':
      return `<path d="M-3 -2.4L1 2.4" stroke="${outline}" stroke-width="2.9"/><path d="M-3 -2.4L1 2.4" stroke="${light}" stroke-width="1.7"/>`;
    case 'cable':
      return ring(ellipse(0, 0, 3.3, index % 2 === 0 ? 2.3 : 1), 1.4);
    case 'oval':
      return ring(ellipse(0, 0, 4.6, 2.8), 1.1);
    default:
      // Classic, cable and starter links: ovals turned alternately flat and edge-on.
      return ring(ellipse(0, 0, 4.2, index % 2 === 0 ? 2.6 : 1.5), 1.2);
  }
}

function renderBracelet(design: Extract<ProductDesign, { kind: 'bracelet' }>, metal: string): [string, string] {
  const outline = darken(metal, 0.55);
  const weight = [1, 0.85, 1.18][Math.floor(design.pose / 6) % 3]!;
  const tone = (['polished', 'twotone', 'satin'] as const)[Math.floor(design.pose / 18) % 3]!;
  const light = tone === 'satin' ? darken(metal, 0.08) : lighten(metal, 0.2);
  const otherLight = lighten(otherMetal(metal), 0.1);
  const cx = 50;
  const cy = 44;
  // A girls' bracelet is smaller (7 inches at most).
  const rx = design.girls ? 33 : 38;
  const ry = design.girls ? 24 : 27;
  let defs = gradients(metal, metal, false);
  let body = '';
  const band = ellipse(cx, cy, rx, ry);
  const solid = design.style === 'bangle' || design.style === 'snake' || design.style === 'mesh';
  if (solid) {
    const width = round((design.style === 'bangle' ? 6 : design.style === 'mesh' ? 5.5 : 4) * weight);
    body += `<path d="${band}" fill="none" stroke="#000" opacity=".14" stroke-width="${width + 2}" transform="translate(1.4 2.4)"/>`;
    body += `<path d="${band}" fill="none" stroke="${outline}" stroke-width="${width + 1.6}"/>`;
    body += `<path d="${band}" fill="none" stroke="url(#g)" stroke-width="${width}"/>`;
    if (design.style === 'mesh') body += `<path d="${band}" fill="none" stroke="${outline}" stroke-width="${width}" stroke-dasharray=".5 1.4" opacity=".55"/>`;
    if (design.style === 'snake') body += `<path d="${band}" fill="none" stroke="${outline}" stroke-width="${width}" stroke-dasharray=".4 1.8" opacity=".4"/>`;
    body += `<path d="${ellipse(cx, cy - 0.8, rx - 0.6, ry - 0.6)}" fill="none" stroke="#fff" stroke-width="${round(width / 4)}" opacity=".55" stroke-dasharray="60 200"/>`;
  } else {
    defs += `<g id="l">${linkShape(design.style, 0, outline, light)}</g>`;
    // Two-tone: every other link in the other metal.
    const alternate = tone === 'twotone' || ['figaro', 'twisted', 'cable', 'classic', 'starter'].includes(design.style);
    if (alternate) defs += `<g id="m">${linkShape(design.style, design.style === 'figaro' ? 3 : 1, outline, tone === 'twotone' ? otherLight : light)}</g>`;
    const count = design.style === 'byzantine' || design.style === 'rope' || design.style === 'beaded' ? 40 : design.style === 'paperclip' ? 22 : 30;
    for (let i = 0; i < count; i += 1) {
      // Leave a gap at the bottom for the clasp.
      const t = 0.04 + (i / (count - 1)) * 0.92;
      const angle = Math.PI / 2 + t * Math.PI * 2;
      const x = cx + rx * Math.cos(angle);
      const y = cy + ry * Math.sin(angle);
      const tangent = (Math.atan2(ry * Math.cos(angle), -rx * Math.sin(angle)) * 180) / Math.PI;
      const which = alternate && (design.style === 'figaro' && tone !== 'twotone' ? i % 4 === 3 : i % 2 === 1) ? 'm' : 'l';
      body += `<use href="#${which}" transform="translate(${round(x)} ${round(y)}) rotate(${Math.round(tangent)})${weight === 1 ? '' : ` scale(${weight})`}"/>`;
      if (design.girls && i % 5 === 2) body += `<circle cx="${round(x)}" cy="${round(y)}" r="2.9" fill="#e27fa6" stroke="${outline}" stroke-width=".8"/><circle cx="${round(x - 0.9)}" cy="${round(y - 1)}" r=".9" fill="#fff" opacity=".8"/>`;
    }
  }
  if (design.style === 'starter') {
    // A starter bracelet comes with its first charm: a small polished heart by the clasp.
    body += `<path d="M62 ${cy + ry + 2}v4" stroke="${outline}" stroke-width="1"/><path d="M62 ${cy + ry + 16}C55 ${cy + ry + 11} 54 ${cy + ry + 8} 56 ${cy + ry + 6}C58 ${cy + ry + 4} 61 ${cy + ry + 5} 62 ${cy + ry + 7}C63 ${cy + ry + 5} 66 ${cy + ry + 4} 68 ${cy + ry + 6}C70 ${cy + ry + 8} 69 ${cy + ry + 11} 62 ${cy + ry + 16}Z" fill="url(#g)" stroke="${outline}" stroke-width="1"/>`;
  }
  const clasp = cy + ry;
  if (design.clasp === 'lobster') {
    body +=
      `<path d="M45 ${clasp - 2}Q41 ${clasp + 6} 47 ${clasp + 9}H53Q59 ${clasp + 6} 55 ${clasp - 2}Z" fill="url(#g)" stroke="${outline}" stroke-width="1.2"/>` +
      `<path d="M53 ${clasp + 1}Q55.5 ${clasp + 4} 53 ${clasp + 7}" fill="none" stroke="${outline}" stroke-width=".9"/>` +
      `<circle cx="50" cy="${clasp + 11.5}" r="2.6" fill="none" stroke="${outline}" stroke-width="1.6"/>`;
  } else if (design.clasp === 'toggle') {
    body +=
      `<circle cx="44" cy="${clasp + 4}" r="5.5" fill="none" stroke="${outline}" stroke-width="3.2"/><circle cx="44" cy="${clasp + 4}" r="5.5" fill="none" stroke="url(#g)" stroke-width="2"/>` +
      `<path d="${rect(47, clasp + 2.5, 16, 3, 1.5)}" fill="url(#g)" stroke="${outline}" stroke-width="1"/>`;
  }
  if (design.charm) {
    const hang = design.clasp === 'none' ? clasp + 3 : clasp + 13;
    body += `<path d="M50 ${clasp}V${hang}" stroke="${outline}" stroke-width="1.2"/>`;
    body += `<g transform="translate(${50 - 11} ${hang - 1}) scale(${round(22 / 32)})">${COLOUR_ICON_BODIES[design.charm]}</g>`;
  }
  const turn = [0, -9, 9, -15, 15, 4][design.pose % 6] ?? 0;
  return [defs, turn ? `<g transform="rotate(${turn} 50 52)">${body}</g>` : body];
}

/**
 * The product's picture as a standalone SVG document in the metal's colour (`#rrggbb`). Throws RangeError for a
 * colour that is not one, or a design that names an icon the subset does not hold (callers parse keys first).
 */
export function renderProductSvg(design: ProductDesign, metalColour: string, size = 480): string {
  if (!isHexColour(metalColour) || metalColour.length !== 7) throw new RangeError(`metalColour must be #rrggbb, not ${metalColour}`);
  if (design.kind === 'charm' && design.icon && iconPath(design.icon) === undefined) throw new RangeError(`Unknown icon: ${design.icon}`);
  const [defs, content] =
    design.kind === 'charm' ? renderCharm(design, metalColour) : design.kind === 'photo' ? renderPhoto(design, metalColour) : renderBracelet(design, metalColour);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="${size}" height="${size}">` +
    `<defs>${defs}</defs>${content}</svg>`
  );
}


