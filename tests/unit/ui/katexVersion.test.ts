// @vitest-environment node
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import pkg from '../../../package.json';

const require = createRequire(import.meta.url);

/** The version of katex that Node's resolution finds from the folder of the given package's entry point. */
function katexFrom(dependant: string) {
  const dir = path.dirname(require.resolve(dependant));
  return (require(require.resolve('katex/package.json', { paths: [dir] })) as { version: string }).version;
}

describe('KaTeX', () => {
  // src/ui/markdownMath.ts loads the stylesheet of the katex that package.json lists, while
  // rehype-katex typesets with the katex it resolves: the two must be one version, or the class
  // names of the HTML and of the stylesheet part (0.19 renamed .strut, .rule, .sqrt>.root...).
  it('the stylesheet comes from the same katex version that rehype-katex renders with', () => {
    expect(katexFrom('rehype-katex')).toBe(pkg.dependencies.katex);
    expect(require('katex/package.json').version).toBe(pkg.dependencies.katex);
  });
});
