// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepWoff2Sources, woff2Only } from '../../../scripts/woff2Only';

const katexCss = path.resolve('node_modules/katex/dist/katex.min.css');

describe('KaTeX fonts: woff2 only', () => {
  it('keeps only the woff2 source of each of KaTeX\'s @font-face rules', () => {
    const css = fs.readFileSync(katexCss, 'utf8');
    const faces = css.match(/@font-face\{[^}]*\}/g) ?? [];
    expect(faces.length).toBeGreaterThan(10);
    const out = keepWoff2Sources(css);
    const kept = out.match(/@font-face\{[^}]*\}/g) ?? [];
    expect(kept).toHaveLength(faces.length);
    for (const face of kept) {
      expect(face).toMatch(/src:url\(fonts\/KaTeX_[\w-]+\.woff2\) format\("woff2"\)\}$/);
      expect(face).not.toMatch(/\.woff\)|\.ttf\)/);
    }
    // Everything outside the src lists is unchanged.
    expect(out.replace(/@font-face\{[^}]*\}/g, '')).toBe(css.replace(/@font-face\{[^}]*\}/g, ''));
  });

  it('leaves a rule without a woff2 source, and other stylesheets, as they are', () => {
    const css = '@font-face{font-family:X;src:url(x.woff) format("woff"),url(x.ttf) format("truetype")}';
    expect(keepWoff2Sources(css)).toBe(css);
    const plugin = woff2Only();
    const transform = plugin.transform as (code: string, id: string) => unknown;
    const withWoff2 = '@font-face{src:url(a.woff2) format("woff2"),url(a.woff) format("woff")}';
    expect(transform(withWoff2, '/src/other.css')).toBeNull();
    expect(transform(withWoff2, '/x/node_modules/katex/dist/katex.min.css')).toEqual({ code: '@font-face{src:url(a.woff2) format("woff2")}', map: null });
  });
});
