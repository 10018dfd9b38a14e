import { useContext } from 'react';
import { preload } from 'react-dom';
import { UNSAFE_FrameworkContext, useMatches } from 'react-router';

/**
 * Asks for the page's stylesheets before its scripts. React puts the `<link rel="modulepreload">`s of `<Scripts>` at
 * the top of the head and `<Links>`' stylesheets after them; over HTTP/1.1's six connections a first visit's
 * stylesheets then wait behind the scripts, and the page cannot paint before them. A `preload` hint (which React
 * writes before those module preloads) has the browser fetch each stylesheet first; `<Links>` still applies them.
 * The stylesheets of each matched route come from React Router's build manifest, as `<Links>` reads them.
 */
export function StylesheetPreloads() {
  const framework = useContext(UNSAFE_FrameworkContext);
  for (const match of useMatches()) {
    for (const href of framework?.manifest.routes[match.id]?.css ?? []) preload(href, { as: 'style' });
  }
  return null;
}
