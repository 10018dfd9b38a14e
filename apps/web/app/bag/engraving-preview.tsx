import { findMetalById } from '@charms/domain/metals';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { type EngravingLayout, LINE_HEIGHT, MONOGRAM_MIDDLE, faceOf, layoutEngraving, lineWidth } from './engraving-layout';

/** A box on the drawing: its centre and size, in the SVG's units. */
interface Box {
  cx: number;
  cy: number;
  width: number;
  height: number;
}

/** The engravable faces we draw (a blank charm of the product's outline), each in a 200 x 200 box. */
const FACES = {
  disc: { outline: 'M100 34a78 78 0 1 1 0 156a78 78 0 1 1 0-156Z', inner: 'M100 44a68 68 0 1 1 0 136a68 68 0 1 1 0-136Z', text: { cx: 100, cy: 112, width: 112, height: 76 }, ringY: 22 },
  heart: {
    outline: 'M100 188C52 152 18 124 18 84C18 56 38 38 62 38C80 38 93 48 100 62C107 48 120 38 138 38C162 38 182 56 182 84C182 124 148 152 100 188Z',
    inner: 'M100 176C58 144 28 120 28 85C28 62 44 48 63 48C80 48 92 58 100 74C108 58 120 48 137 48C156 48 172 62 172 85C172 120 142 144 100 176Z',
    text: { cx: 100, cy: 100, width: 104, height: 56 },
    ringY: 26,
  },
  tag: { outline: 'M44 40h112a16 16 0 0 1 16 16v110a16 16 0 0 1-16 16H44a16 16 0 0 1-16-16V56a16 16 0 0 1 16-16Z', inner: 'M50 50h100a10 10 0 0 1 10 10v102a10 10 0 0 1-10 10H50a10 10 0 0 1-10-10V60a10 10 0 0 1 10-10Z', text: { cx: 100, cy: 112, width: 104, height: 96 }, ringY: 22 },
} as const;
export type FaceShape = keyof typeof FACES;

/**
 * The face to draw for a product picture: a charm picture drawn from the product's name names its setting third in
 * its design key (/products/v1/c.{motif}.{setting}.…); an older silhouette link names its shape first (heart-…, tag).
 */
export function faceShapeOf(imageUrl: string | undefined): FaceShape {
  const url = imageUrl ?? '';
  const shape = /\/products\/v1\/c\.[^./]+\.([a-z]+)\./.exec(url)?.[1] ?? /\/charms\/([a-z]+)/.exec(url)?.[1] ?? '';
  if (shape === 'heart') return 'heart';
  return shape === 'tag' || shape === 'dogtag' ? 'tag' : 'disc';
}

/** The text a font is shown with before the shopper types: a name, or three initials for a monogram. */
export const sampleText = (fontId: string) => (faceOf(fontId).monogram ? 'AMJ' : 'Grace');

function mix(hex: string, other: string, amount: number): string {
  const channel = (value: string, at: number) => Number.parseInt(value.slice(at, at + 2), 16);
  return `#${[1, 3, 5]
    .map((at) => Math.round(channel(hex, at) * (1 - amount) + channel(other, at) * amount))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** The laid-out text, centred in `box`: lines, or three initials with the middle one larger. */
function EngravedText({ layout, box, fill, fontId }: { layout: EngravingLayout; box: Box; fill: string; fontId: string }) {
  const size = Math.round(layout.fontSize * 10) / 10;
  // An outline face is all hairlines: the engraver's double line is cut wider than the font draws it.
  const cut = fontId === 'double-block' ? { stroke: fill, strokeWidth: Math.round(size * 0.035 * 100) / 100 } : {};
  if (layout.kind === 'monogram') {
    const [first, middle, last] = layout.initials;
    const face = faceOf(fontId);
    const side = size * face.advance;
    const centre = size * MONOGRAM_MIDDLE * face.advance;
    const offset = centre / 2 + side / 2 + size * 0.1;
    return (
      <>
        <text x={box.cx - offset} y={box.cy} fontSize={size} fill={fill} {...cut} textAnchor="middle" dominantBaseline="central">
          {first}
        </text>
        <text x={box.cx} y={box.cy} fontSize={Math.round(size * MONOGRAM_MIDDLE * 10) / 10} fill={fill} {...cut} textAnchor="middle" dominantBaseline="central" className="engraving-monogram__middle-initial">
          {middle}
        </text>
        <text x={box.cx + offset} y={box.cy} fontSize={size} fill={fill} {...cut} textAnchor="middle" dominantBaseline="central">
          {last}
        </text>
      </>
    );
  }
  const top = box.cy - ((layout.lines.length - 1) * size * LINE_HEIGHT) / 2;
  return (
    <>
      {layout.lines.map((line, index) => (
        <text key={index} x={box.cx} y={Math.round((top + index * size * LINE_HEIGHT) * 10) / 10} fontSize={size} fill={fill} {...cut} textAnchor="middle" dominantBaseline="central">
          {line}
        </text>
      ))}
    </>
  );
}

/**
 * Shrinks the text group if the browser's real glyphs run wider than the estimate (a font's kerning, a long
 * capital W): measured again whenever fonts have loaded, never grown past the layout's size.
 */
function useFitted(ref: React.RefObject<SVGGElement | null>, box: Box, key: string): number {
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    let cancelled = false;
    const measure = () => {
      const group = ref.current;
      if (cancelled || !group || typeof group.getBBox !== 'function') return;
      // The box in the group's own units, before its transform: what the text takes at the layout's size.
      const { width, height } = group.getBBox();
      if (width <= 0 || height <= 0) return;
      setScale(Math.min(1, box.width / width, (box.height * 1.15) / height));
    };
    measure();
    void document.fonts?.ready.then(measure);
    // The engraving faces may start loading only later (once the page has loaded: styles/engraving-fonts.css).
    document.fonts?.addEventListener?.('loadingdone', measure);
    return () => {
      cancelled = true;
      document.fonts?.removeEventListener?.('loadingdone', measure);
    };
  }, [ref, box, key]);
  return scale;
}

const transformFor = (box: Box, scale: number) => `translate(${box.cx} ${box.cy}) scale(${Math.round(scale * 1000) / 1000}) translate(${-box.cx} ${-box.cy})`;

interface PreviewProps {
  text: string;
  fontId: string;
  fontName: string;
  metalId: number;
  shape: FaceShape;
}

/**
 * The engraving drawn on the charm: a blank face of the product's outline in the metal's colour, the text cut into
 * it in the chosen font, fitted to the face. Before the shopper types, a sample shows the font.
 */
export function EngravingPreview({ text, fontId, fontName, metalId, shape }: PreviewProps) {
  const id = useId();
  const face = FACES[shape];
  const colour = findMetalById(metalId)?.colour ?? '#c9ccd1';
  const shown = text.trim() || sampleText(fontId);
  const layout = layoutEngraving(shown, fontId, { width: face.text.width, height: face.text.height, maxFontSize: 44 });
  const groupRef = useRef<SVGGElement>(null);
  const scale = useFitted(groupRef, face.text, `${shown}|${fontId}|${shape}`);
  const gradient = `${id}-metal`;
  const label = text.trim() ? `Preview: “${text.trim()}” engraved in ${fontName}` : `${fontName}, shown with the sample “${shown}”`;

  return (
    <figure className="engraving-charm" data-font={fontId}>
      <svg viewBox="0 0 200 200" className="engraving-charm__drawing" role="img" aria-label={label}>
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor={mix(colour, '#ffffff', 0.6)} />
            <stop offset="0.5" stopColor={colour} />
            <stop offset="1" stopColor={mix(colour, '#000000', 0.25)} />
          </linearGradient>
        </defs>
        <circle cx="100" cy={face.ringY} r="11" fill="none" stroke={mix(colour, '#000000', 0.45)} strokeWidth="6" />
        <circle cx="100" cy={face.ringY} r="11" fill="none" stroke={mix(colour, '#ffffff', 0.2)} strokeWidth="3" />
        <path d={face.outline} fill={`url(#${gradient})`} stroke={mix(colour, '#000000', 0.45)} strokeWidth="3" />
        <path d={face.inner} fill="none" stroke={mix(colour, '#ffffff', 0.45)} strokeWidth="1.5" opacity="0.8" />
        <g ref={groupRef} className={`engraving-charm__text engraving-preview--${fontId}`} transform={scale < 1 ? transformFor(face.text, scale) : undefined}>
          {/* A light edge below each stroke, then the cut itself: letters cut into the metal. */}
          <g transform="translate(0 0.9)" aria-hidden="true">
            <EngravedText layout={layout} box={face.text} fill={mix(colour, '#ffffff', 0.7)} fontId={fontId} />
          </g>
          <EngravedText layout={layout} box={face.text} fill={mix(colour, '#000000', 0.55)} fontId={fontId} />
        </g>
      </svg>
      <figcaption className="engraving-charm__caption">
        {text.trim() ? (
          <>
            Your engraving in <strong>{fontName}</strong>
          </>
        ) : (
          <>
            <strong>{fontName}</strong>, shown with a sample: type your text to see it on the charm
          </>
        )}
      </figcaption>
    </figure>
  );
}

/** A font's sample on one line, for the font choices: an SVG, so it scales down to its column and never wraps. */
export function EngravingSample({ text, fontId }: { text: string; fontId: string }) {
  const height = 44;
  const layout = layoutEngraving(text, fontId, { width: 10_000, height, maxFontSize: 28 });
  const widthEms =
    layout.kind === 'monogram' ? faceOf(fontId).advance * (2 + MONOGRAM_MIDDLE) + 0.2 : lineWidth(layout.lines.join(' '), fontId);
  // A little room either side: a script's swashes reach past their advance.
  const width = Math.max(height, Math.ceil(widthEms * layout.fontSize * 1.15 + 8));
  const box = { cx: width / 2, cy: height / 2, width, height };
  return (
    <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="xMinYMid meet" className="font-choice__preview" aria-hidden="true" focusable="false">
      <g className={`engraving-preview--${fontId}`}>
        <EngravedText layout={layout.kind === 'lines' ? { ...layout, lines: [layout.lines.join(' ')] } : layout} box={box} fill="currentColor" fontId={fontId} />
      </g>
    </svg>
  );
}
