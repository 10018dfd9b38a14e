import block from '@fontsource/jost/files/jost-latin-500-normal.woff2?url';
import doubleBlock from '@fontsource/bungee-outline/files/bungee-outline-latin-400-normal.woff2?url';
import monogramBlock from '@fontsource/cinzel/files/cinzel-latin-500-normal.woff2?url';
import script from '@fontsource/great-vibes/files/great-vibes-latin-400-normal.woff2?url';
import monogramScript from '@fontsource/pinyon-script/files/pinyon-script-latin-400-normal.woff2?url';
import { preload } from 'react-dom';

/**
 * Each engraving font's Latin file, as built (hashed, the same file styles/engraving-fonts.css declares), so a page
 * can preload the one it shows first instead of waiting for the stylesheet to ask for it.
 */
export const ENGRAVING_FONT_FILES: Record<string, string> = {
  block,
  'double-block': doubleBlock,
  'monogram-block': monogramBlock,
  script,
  'monogram-script': monogramScript,
};

/** Asks the browser for a font's file early (a <link rel="preload"> in the page's head, rendered on the server). */
export function usePreloadEngravingFont(fontId: string | undefined): void {
  const href = fontId ? ENGRAVING_FONT_FILES[fontId] : undefined;
  // Fonts are fetched in CORS mode even from our own origin: the preload must say so or the file is fetched twice.
  if (href) preload(href, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' });
}
