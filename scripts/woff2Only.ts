// KaTeX's stylesheet lists each font three times (woff2, woff, ttf). Every browser that runs the
// portal reads woff2, so the build keeps only the woff2 source of every @font-face: the stylesheet
// is smaller and the woff and ttf copies are not emitted at all. A browser still fetches a font
// file only when a formula on the page uses that face.
import type { Plugin } from 'vite';

/** The stylesheets whose @font-face rules are reduced to their woff2 source. */
const STYLESHEET = /[\\/]katex[\\/]dist[\\/]katex(\.min)?\.css$/;

/**
 * Drops every `url(…) format("woff")` and `url(…) format("truetype")` source that follows a woff2
 * source in an @font-face src list. A rule without a woff2 source is left as it is.
 */
export function keepWoff2Sources(css: string): string {
  return css.replace(/(src:\s*url\([^)]*\.woff2\)\s*format\(["']woff2["']\))((?:\s*,\s*url\([^)]*\)\s*format\(["'](?:woff|truetype)["']\))+)/g, '$1');
}

/** A Vite plugin: KaTeX's @font-face rules name only their woff2 files. */
export function woff2Only(): Plugin {
  return {
    name: 'woff2-only',
    enforce: 'pre',
    transform(code, id) {
      if (!STYLESHEET.test(id.split('?')[0])) return null;
      const out = keepWoff2Sources(code);
      return out === code ? null : { code: out, map: null };
    },
  };
}
