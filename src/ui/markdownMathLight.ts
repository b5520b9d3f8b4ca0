import type { Element, ElementContent, Root } from 'hast';
import remarkMath from 'remark-math';
import { remarkDisplayMath } from './remarkDisplayMath';
import { mathmlStyles, texToMathml } from './texMathml';

/** Called once per text when one of its formulas is beyond the small translator. */
export type OnUnsupported = () => void;

const textOf = (node: Element | ElementContent): string =>
  node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(textOf).join('') : '';

/**
 * A rehype plugin: each formula remark-math found (`code.math-inline`, `pre > code.math-display`)
 * becomes MathML from texToMathml. A formula it cannot translate stays as its TeX in a `code`
 * element and `onUnsupported` is called, so that the caller can typeset the text with KaTeX.
 */
export function rehypeMathml({ onUnsupported }: { onUnsupported: OnUnsupported }) {
  const walk = (parent: Root | Element) => {
    for (let i = 0; i < parent.children.length; i++) {
      const node = parent.children[i];
      if (node.type !== 'element') continue;
      // Display math is `pre > code.math-display`; the whole `pre` is replaced.
      const code = node.tagName === 'pre' && node.children.length === 1 && node.children[0].type === 'element' ? node.children[0] : node;
      const classes = Array.isArray(code.properties.className) ? code.properties.className : [];
      if (code.tagName !== 'code' || !classes.includes('language-math')) {
        walk(node);
        continue;
      }
      const math = texToMathml(textOf(code), code !== node || classes.includes('math-display'));
      if (math) parent.children[i] = math;
      else onUnsupported();
    }
  };
  return (tree: Root) => walk(tree);
}

/**
 * The plugins that typeset a text's math as MathML, `onUnsupported` as for rehypeMathml, and the
 * styles (for `sx`) of the element around the text that the MathML's classes need.
 */
export const lightMathPlugins = (onUnsupported: OnUnsupported) => ({
  remarkPlugins: [remarkMath, remarkDisplayMath],
  rehypePlugins: [[rehypeMathml, { onUnsupported }] as const],
  styles: mathmlStyles,
});
export type LightMathPlugins = ReturnType<typeof lightMathPlugins>;
