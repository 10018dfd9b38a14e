import type { CharmShape } from './shape-names';
import { circle, ellipse, polygon, rect, star } from './svg';

/**
 * The silhouettes, each drawn in a 100 x 100 box. `body` parts are filled with the metal and outlined as one
 * shape; `details` are engraved lines; `marks` are filled dark (eyes, noses); `label` is where engraved or raised
 * text goes; `top` is the y where the jump ring meets the body at x = 50 (no ring when `ring` is false).
 */
export interface Part {
  d: string;
  transform?: string;
}

export interface LabelPlace {
  x: number;
  y: number;
  /** Font size for one character; longer labels shrink to fit `width`. */
  size: number;
  width: number;
  fallback: string;
  /** Raised letters stand out in the metal; engraved ones are cut in dark. */
  style: 'raised' | 'engraved';
}

export interface ShapeDrawing {
  body: readonly Part[];
  details?: readonly Part[];
  marks?: readonly Part[];
  label?: LabelPlace;
  top: number;
  ring?: boolean;
}

const p = (d: string, transform?: string): Part => (transform ? { d, transform } : { d });
const rotated = (d: string, degrees: number, cx: number, cy: number): Part => p(d, `rotate(${degrees} ${cx} ${cy})`);

const HEART = 'M50 92C20 70 10 55 10 42C10 30 19 24 29 24C38 24 45 29 50 36C55 29 62 24 71 24C81 24 90 30 90 42C90 55 80 70 50 92Z';

function braceletLinks(): Part[] {
  const links: Part[] = [];
  const count = 22;
  for (let i = 0; i < count; i += 1) {
    const angle = (i / count) * Math.PI * 2;
    const x = 50 + 36 * Math.cos(angle);
    const y = 44 + 26 * Math.sin(angle);
    const tangent = (Math.atan2(26 * Math.cos(angle), -36 * Math.sin(angle)) * 180) / Math.PI;
    const wide = i % 2 === 0;
    links.push(rotated(`${ellipse(x, y, 6, wide ? 3.6 : 1.8)}${ellipse(x, y, 3.4, wide ? 1.3 : 0.6)}`, Math.round(tangent), x, y));
  }
  return links;
}

export const SHAPES = {
  heart: { top: 36, body: [p(HEART)], label: { x: 50, y: 55, size: 20, width: 48, fallback: '', style: 'engraved' } },
  star: { top: 26, body: [p(star(50, 62, 37, 15))] },
  paw: {
    top: 28,
    body: [p(circle(50, 61, 33))],
    details: [p(circle(50, 61, 28))],
    marks: [
      p(ellipse(50, 72, 13, 10)),
      rotated(ellipse(33, 57, 5, 7), -25, 33, 57),
      p(ellipse(43, 49, 5, 7)),
      p(ellipse(57, 49, 5, 7)),
      rotated(ellipse(67, 57, 5, 7), 25, 67, 57),
    ],
  },
  dog: {
    top: 38,
    body: [p(ellipse(50, 63, 20, 25)), rotated(ellipse(29, 56, 9, 19), 22, 29, 56), rotated(ellipse(71, 56, 9, 19), -22, 71, 56)],
    marks: [p(circle(42, 58, 2.8)), p(circle(58, 58, 2.8)), p(ellipse(50, 71, 5.5, 4))],
    details: [p('M50 75v5M43 80q7 5 14 0')],
  },
  cat: {
    top: 40,
    body: [p(circle(50, 63, 23)), p(polygon([29, 54], [31, 30], [48, 43])), p(polygon([71, 54], [69, 30], [52, 43]))],
    marks: [p(ellipse(41, 60, 2.6, 4)), p(ellipse(59, 60, 2.6, 4)), p(polygon([46.5, 68], [53.5, 68], [50, 72]))],
    details: [p('M24 68l14 2M24 76l14-3M76 68l-14 2M76 76l-14-3M50 72v4')],
  },
  bone: {
    top: 26,
    body: [p(circle(40, 28, 10)), p(circle(60, 28, 10)), p(circle(40, 82, 10)), p(circle(60, 82, 10)), p(rect(41, 28, 18, 54))],
  },
  number: {
    top: 30,
    body: [p(circle(50, 61, 31))],
    details: [p(circle(50, 61, 26))],
    label: { x: 50, y: 62, size: 40, width: 44, fallback: '7', style: 'raised' },
  },
  letter: {
    top: 30,
    body: [p(rect(20, 30, 60, 62, 12))],
    details: [p(rect(25, 35, 50, 52, 9))],
    label: { x: 50, y: 62, size: 42, width: 46, fallback: 'A', style: 'raised' },
  },
  disc: {
    top: 29,
    body: [p(circle(50, 61, 32))],
    details: [p(circle(50, 61, 28.5))],
    label: { x: 50, y: 62, size: 22, width: 46, fallback: '', style: 'engraved' },
  },
  tag: {
    top: 26,
    body: [p(rect(28, 26, 44, 66, 18))],
    details: [p(rect(32, 30, 36, 58, 15))],
    label: { x: 50, y: 60, size: 18, width: 32, fallback: '', style: 'engraved' },
  },
  bracelet: {
    top: 0,
    ring: false,
    body: [
      ...braceletLinks(),
      p(`${rect(44, 66, 12, 8, 3)}`),
      p('M47 74h6v3h-6Z'),
      p('M41 88C33 82 31 78 31 75C31 72 33 71 35 71C37 71 39 72 41 74C43 72 45 71 47 71C49 71 51 72 51 75C51 78 49 82 41 88Z'),
      p(star(60, 82, 8, 3.5)),
      p('M39 70v2M61 70v4'),
    ],
    details: [p('M41 70v2M60 70v5')],
  },
  shell: {
    top: 28,
    body: [p('M50 86L21 54Q18 34 50 28Q82 34 79 54Z'), p(polygon([40, 83], [60, 83], [57, 93], [43, 93]))],
    details: [p('M50 84L50 32M50 84L36 33M50 84L64 33M50 84L26 43M50 84L74 43M50 84L22 54M50 84L78 54')],
  },
  flower: {
    top: 29,
    body: [0, 1, 2, 3, 4].map((i) => {
      const angle = -Math.PI / 2 + (i * 2 * Math.PI) / 5;
      return p(circle(50 + 17 * Math.cos(angle), 60 + 17 * Math.sin(angle), 13));
    }),
    details: [p(circle(50, 60, 8))],
    marks: [p(circle(50, 60, 4))],
  },
  tree: {
    top: 24,
    body: [
      p(polygon([50, 24], [30, 48], [70, 48])),
      p(polygon([50, 36], [24, 64], [76, 64])),
      p(polygon([50, 50], [20, 80], [80, 80])),
      p(rect(44, 78, 12, 14)),
    ],
    marks: [p(star(50, 22, 5, 2.2))],
  },
  pumpkin: {
    top: 32,
    body: [p(ellipse(37, 66, 17, 23)), p(ellipse(63, 66, 17, 23)), p(ellipse(50, 65, 17, 25)), rotated(rect(47, 32, 6, 12, 2), 10, 50, 38)],
    details: [p('M50 41v48M38 45q-6 21 0 44M62 45q6 21 0 44')],
  },
  ghost: {
    top: 26,
    body: [p('M26 54Q26 26 50 26Q74 26 74 54L74 90Q70 83 66 90Q62 83 58 90Q54 83 50 90Q46 83 42 90Q38 83 34 90Q30 83 26 90Z')],
    marks: [p(ellipse(42, 52, 3.5, 5)), p(ellipse(58, 52, 3.5, 5)), p(ellipse(50, 67, 4, 5))],
  },
  cake: {
    top: 21,
    body: [p(rect(21, 64, 58, 26, 3)), p(rect(31, 46, 38, 20, 3)), p(rect(47, 32, 6, 16)), p('M50 21Q56 28 53 31Q50 34 47 31Q44 28 50 21Z')],
    details: [p('M21 71q7.25 6 14.5 0t14.5 0t14.5 0t14.5 0M31 52q6.3 5 12.6 0t12.6 0t12.6 0')],
  },
  gift: {
    top: 28,
    body: [
      p(rect(24, 50, 52, 40, 2)),
      p(rect(20, 40, 60, 12, 2)),
      rotated(ellipse(40, 34, 11, 6), 28, 40, 34),
      rotated(ellipse(60, 34, 11, 6), -28, 60, 34),
    ],
    details: [p('M45 40V90M55 40V90')],
    marks: [p(circle(50, 38, 4))],
  },
  ring: {
    top: 27,
    body: [p(`${circle(50, 65, 25)}${circle(50, 65, 17.5)}`), p(polygon([37, 38], [43, 27], [57, 27], [63, 38], [50, 50]))],
    details: [p('M37 38H63M43 27L46.5 38L50 50M57 27L53.5 38L50 50')],
  },
  baby: {
    top: 38,
    body: [
      p('M28 62A24 24 0 0 1 52 38L52 62Z'),
      p('M24 62H80Q78 82 56 82H46Q26 82 24 62Z'),
      rotated(rect(78, 58, 18, 5, 2), -50, 80, 62),
      p(circle(37, 87, 7)),
      p(circle(69, 87, 7)),
    ],
    details: [p('M40 43L52 62M30 52L52 62')],
    marks: [p(circle(37, 87, 2.5)), p(circle(69, 87, 2.5))],
  },
  plane: {
    top: 24,
    body: [
      p(ellipse(50, 58, 6.5, 34)),
      p(polygon([50, 48], [12, 66], [12, 73], [50, 63], [88, 73], [88, 66])),
      p(polygon([50, 80], [36, 91], [36, 95], [50, 90], [64, 95], [64, 91])),
    ],
    details: [p('M47 36h6')],
  },
  ball: {
    top: 29,
    body: [p(circle(50, 61, 32))],
    details: [p('M18 61H82M50 29V93M28 38Q44 61 28 84M72 38Q56 61 72 84')],
  },
  music: {
    top: 32,
    body: [
      rotated(ellipse(34, 80, 10, 7), -20, 34, 80),
      rotated(ellipse(70, 74, 10, 7), -20, 70, 74),
      p(rect(39.5, 36, 5, 44)),
      p(rect(75.5, 30, 5, 44)),
      p(polygon([39.5, 36], [80.5, 28], [80.5, 38], [39.5, 46])),
    ],
  },
  cross: { top: 24, body: [p(rect(43, 24, 14, 68, 2)), p(rect(26, 40, 48, 14, 2))] },
  anchor: {
    top: 24,
    body: [
      p(`${circle(50, 31, 7)}${circle(50, 31, 3.5)}`),
      p(rect(47, 37, 6, 50)),
      p(rect(33, 44, 34, 6, 3)),
      p('M20 66L28 58L32 68L27 68Q31 84 50 86Q69 84 73 68L68 68L72 58L80 66L77 67Q74 92 50 92Q26 92 23 67Z'),
    ],
  },
  camera: {
    top: 31,
    body: [p(rect(18, 40, 64, 44, 7)), p(rect(37, 31, 26, 12, 3))],
    details: [p(circle(50, 62, 14)), p(circle(50, 62, 8.5)), p('M24 48h8')],
    marks: [p(circle(50, 62, 4)), p(rect(67, 46, 9, 5, 1.5))],
  },
  calendar: {
    top: 30,
    body: [p(rect(22, 30, 56, 60, 5)), p(rect(32, 24, 5, 12, 2)), p(rect(63, 24, 5, 12, 2))],
    details: [p('M22 44H78')],
    label: { x: 50, y: 68, size: 26, width: 44, fallback: '14', style: 'engraved' },
  },
  moon: {
    top: 29,
    body: [p('M58 30.5A31 31 0 1 0 58 91.5A24 24 0 1 1 58 30.5Z')],
    marks: [p(star(70, 48, 6, 2.5))],
  },
  butterfly: {
    top: 35,
    body: [
      rotated(ellipse(33, 49, 17, 13), -28, 33, 49),
      rotated(ellipse(67, 49, 17, 13), 28, 67, 49),
      rotated(ellipse(37, 74, 12, 10), 30, 37, 74),
      rotated(ellipse(63, 74, 12, 10), -30, 63, 74),
      p(ellipse(50, 61, 4.5, 26)),
    ],
    details: [p('M48 37Q44 28 38 26M52 37Q56 28 62 26'), p(circle(32, 49, 5)), p(circle(68, 49, 5))],
  },
  horse: {
    top: 30,
    body: [p('M60 22L56 31Q40 33 30 50L20 66Q18 73 25 75L34 73Q41 71 47 66L45 92L80 92Q82 62 72 42L74 27L66 33Z')],
    marks: [p(circle(47, 46, 2.8)), p(circle(26, 70, 1.6))],
    details: [p('M66 36Q74 50 76 70M70 36Q78 50 79 64')],
  },
  house: {
    top: 26,
    body: [p(polygon([50, 26], [18, 55], [27, 55], [27, 90], [73, 90], [73, 55], [82, 55])), p(rect(62, 30, 9, 18))],
    details: [p(rect(44, 68, 12, 22)), p(rect(32, 60, 9, 9)), p(rect(59, 60, 9, 9))],
  },
  car: {
    top: 40,
    body: [
      p('M12 74L14 61Q16 56 26 55L35 44Q38 40 45 40L61 40Q67 40 71 45L80 55Q88 56 88 63L88 74Z'),
      p(circle(30, 76, 9.5)),
      p(circle(70, 76, 9.5)),
    ],
    details: [p('M38 55L45 45H53V55ZM57 55V45H63L70 55Z')],
    marks: [p(circle(30, 76, 3.5)), p(circle(70, 76, 3.5))],
  },
  graduation: {
    top: 30,
    body: [p(polygon([50, 30], [90, 45], [50, 60], [10, 45])), p('M28 52L50 60L72 52V68Q50 78 28 68Z'), p(rect(76, 66, 6, 12, 2))],
    details: [p('M50 45L79 52V67')],
  },
  clover: {
    top: 37,
    body: [
      p(circle(39, 46, 11)),
      p(circle(61, 46, 11)),
      p(circle(39, 66, 11)),
      p(circle(61, 66, 11)),
      p(circle(50, 56, 9)),
      p('M52 64Q56 80 66 93L61 95Q51 82 47 66Z'),
    ],
    details: [p('M50 56L40 46M50 56L60 46M50 56L40 66M50 56L60 66')],
  },
  apple: {
    top: 24,
    body: [
      p('M50 38Q62 30 74 36Q88 46 82 66Q76 88 62 91Q56 91 50 88Q44 91 38 91Q24 88 18 66Q12 46 26 36Q38 30 50 38Z'),
      rotated(rect(48, 24, 4.5, 16, 2), 8, 50, 32),
      rotated(ellipse(62, 29, 9, 4.5), -28, 62, 29),
    ],
    details: [p('M30 50Q26 58 28 66')],
  },
} satisfies Record<CharmShape, ShapeDrawing>;
