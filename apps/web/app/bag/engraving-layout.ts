/**
 * How an engraving sits on a charm's face: the text in lines broken only between words, at the largest size that
 * fits the face, so a long name shrinks instead of overflowing or breaking mid-word. Widths are estimated from each
 * font's average advance (measured in Chromium on mixed-case names), so the server draws the same layout the
 * browser shows before any script runs; in the browser the preview then measures itself and shrinks if a font's
 * real widths run longer (engraving-preview.tsx).
 */

/** What the layout needs to know of a font; `advance` is the average width of a character, in ems. */
export interface EngravingFace {
  advance: number;
  /** Block faces are cut in capitals: every letter is as wide as a capital. */
  capitals: boolean;
  /** Monogram faces set three initials with the middle (the surname's) larger. */
  monogram: boolean;
  /** How much larger the face is set to look the same size as the others (scripts have small lower case). */
  optical: number;
}

export const ENGRAVING_FACES: Record<string, EngravingFace> = {
  block: { advance: 0.72, capitals: true, monogram: false, optical: 1 },
  'double-block': { advance: 0.86, capitals: true, monogram: false, optical: 1.05 },
  'monogram-block': { advance: 0.8, capitals: true, monogram: true, optical: 1 },
  script: { advance: 0.46, capitals: false, monogram: false, optical: 1.35 },
  'monogram-script': { advance: 0.62, capitals: false, monogram: true, optical: 1.35 },
};

const DEFAULT_FACE: EngravingFace = { advance: 0.75, capitals: false, monogram: false, optical: 1 };
export const faceOf = (fontId: string): EngravingFace => ENGRAVING_FACES[fontId] ?? DEFAULT_FACE;

/** The middle initial of a monogram, as a multiple of the others' size. */
export const MONOGRAM_MIDDLE = 1.6;
/** Line spacing, as a multiple of the font size. */
export const LINE_HEIGHT = 1.15;

const NARROW = /[iljtfI1.,:;'’‘!|() ]/;
const WIDE = /[MWmw@]/;

/** A line's width in ems: narrow and wide letters weighed, capitals all wide in block faces. */
export function lineWidth(line: string, fontId: string): number {
  const face = faceOf(fontId);
  return [...line].reduce((width, character) => {
    const weight = WIDE.test(character) ? 1.3 : NARROW.test(character) && !(face.capitals && /[a-z]/.test(character)) ? 0.5 : 1;
    return width + face.advance * weight;
  }, 0);
}

export type EngravingLayout =
  | { kind: 'lines'; lines: string[]; fontSize: number }
  | { kind: 'monogram'; initials: [string, string, string]; fontSize: number };

/** Every way of breaking the words into `count` lines, in order. */
function breaks(words: string[], count: number): string[][] {
  if (count === 1) return [[words.join(' ')]];
  const result: string[][] = [];
  for (let cut = 1; cut <= words.length - count + 1; cut += 1) {
    const first = words.slice(0, cut).join(' ');
    for (const rest of breaks(words.slice(cut), count - 1)) result.push([first, ...rest]);
  }
  return result;
}

/**
 * The largest layout of `text` in a `width` x `height` box (in the drawing's units), at most `maxFontSize`: one to
 * three lines, broken only at spaces, or, in a monogram face, three initials with the middle one larger.
 */
export function layoutEngraving(text: string, fontId: string, box: { width: number; height: number; maxFontSize: number }): EngravingLayout {
  const face = faceOf(fontId);
  box = { ...box, maxFontSize: box.maxFontSize * face.optical };
  const letters = [...text.replace(/\s+/g, '')];
  if (face.monogram && letters.length === 3) {
    const initials = letters as [string, string, string];
    const widthEms = face.advance * (2 + MONOGRAM_MIDDLE) + 0.2;
    const fontSize = Math.min(box.maxFontSize, box.width / widthEms, box.height / MONOGRAM_MIDDLE);
    return { kind: 'monogram', initials, fontSize };
  }
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { kind: 'lines', lines: [], fontSize: box.maxFontSize };
  let best: { lines: string[]; fontSize: number } | null = null;
  for (let count = 1; count <= Math.min(3, words.length); count += 1) {
    for (const lines of breaks(words, count)) {
      const widest = Math.max(...lines.map((line) => lineWidth(line, fontId)));
      const fontSize = Math.min(box.maxFontSize, box.width / widest, box.height / (count * LINE_HEIGHT));
      // Fewer lines win a tie: a name reads better on one line.
      if (!best || fontSize > best.fontSize * 1.02) best = { lines, fontSize };
    }
  }
  return { kind: 'lines', ...best! };
}
