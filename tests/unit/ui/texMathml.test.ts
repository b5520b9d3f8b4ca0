// @vitest-environment node
import type { Element, ElementContent } from 'hast';
import { describe, expect, it } from 'vitest';
import { MAX_LENGTH, texToMathml } from '../../../src/ui/texMathml';

/** The MathML as compact markup (children of <semantics>' first child), to compare with expectations. */
function markup(node: Element | ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  const attrs = Object.entries(node.properties ?? {}).map(([k, v]) => ` ${k}="${String(v)}"`).join('');
  return `<${node.tagName}${attrs}>${node.children.map(markup).join('')}</${node.tagName}>`;
}
const body = (tex: string, display = false) => {
  const math = texToMathml(tex, display);
  if (!math) return null;
  const semantics = math.children[0] as Element;
  return markup(semantics.children[0]);
};

describe('texToMathml', () => {
  it('wraps the formula in <math> with its TeX as an annotation', () => {
    const math = texToMathml('x+1', true)!;
    expect(math.tagName).toBe('math');
    expect(math.properties.display).toBe('block');
    expect(texToMathml('x', false)!.properties.display).toBe('inline');
    expect(markup(math)).toContain('<annotation encoding="application/x-tex">x+1</annotation>');
  });

  it('numbers, letters, operators and named functions', () => {
    expect(body('1023')).toBe('<mn>1023</mn>');
    expect(body('3.14')).toBe('<mn>3.14</mn>');
    // A named function is followed by a thin space, except before a parenthesis.
    expect(body('O(n \\log n)')).toBe('<mrow><mi>O</mi><mo>(</mo><mi>n</mi><mi>log</mi><mo lspace="0" rspace="0.1667em">\u2061</mo><mi>n</mi><mo>)</mo></mrow>');
    expect(body('\\sin(x)')).toBe('<mrow><mi>sin</mi><mo lspace="0" rspace="0">\u2061</mo><mo>(</mo><mi>x</mi><mo>)</mo></mrow>');
    expect(body('a - b \\le c')).toBe('<mrow><mi>a</mi><mo>−</mo><mi>b</mi><mo>≤</mo><mi>c</mi></mrow>');
    expect(body('\\alpha + \\Omega')).toBe('<mrow><mi>α</mi><mo>+</mo><mi mathvariant="normal">Ω</mi></mrow>');
  });

  it('scripts: one digit or a group, sub and sup together, limits below and above', () => {
    expect(body('n^2')).toBe('<msup><mi>n</mi><mn>2</mn></msup>');
    expect(body('x^23')).toBe('<mrow><msup><mi>x</mi><mn>2</mn></msup><mn>3</mn></mrow>');
    expect(body('\\log_2 1{,}048{,}576')).toBe(
      '<mrow><msub><mi>log</mi><mn>2</mn></msub><mo lspace="0" rspace="0.1667em">\u2061</mo><mn>1</mn><mo lspace="0" rspace="0">,</mo><mn>048</mn><mo lspace="0" rspace="0">,</mo><mn>576</mn></mrow>',
    );
    expect(body('x_i^{n+1}')).toBe('<msubsup><mi>x</mi><mi>i</mi><mrow><mi>n</mi><mo>+</mo><mn>1</mn></mrow></msubsup>');
    expect(body('\\sum_{i=1}^n i')).toBe(
      '<mrow><munderover><mo movablelimits="true">∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><mi>i</mi></mrow>',
    );
    expect(body('\\int_0^1 x')).toBe('<mrow><msubsup><mo>∫</mo><mn>0</mn><mn>1</mn></msubsup><mi>x</mi></mrow>');
    expect(body('\\lim_{n \\to \\infty} a')).toBe(
      '<mrow><munder><mo movablelimits="true">lim</mo><mrow><mi>n</mi><mo>→</mo><mi>∞</mi></mrow></munder><mo lspace="0" rspace="0.1667em">\u2061</mo><mi>a</mi></mrow>',
    );
  });

  it('fractions, roots, binomials, fences, accents, text and spaces', () => {
    expect(body('\\frac{a}{b}')).toBe('<mfrac><mi>a</mi><mi>b</mi></mfrac>');
    expect(body('\\frac12')).toBe('<mfrac><mn>1</mn><mn>2</mn></mfrac>');
    expect(body('\\sqrt{x}')).toBe('<msqrt><mi>x</mi></msqrt>');
    expect(body('\\sqrt[3]{x}')).toBe('<mroot><mi>x</mi><mn>3</mn></mroot>');
    expect(body('\\binom{n}{k}')).toBe('<mrow><mo>(</mo><mfrac linethickness="0"><mi>n</mi><mi>k</mi></mfrac><mo>)</mo></mrow>');
    expect(body('\\left( x \\right)')).toBe('<mrow><mo fence="true" stretchy="true">(</mo><mi>x</mi><mo fence="true" stretchy="true">)</mo></mrow>');
    expect(body('\\left. x \\right|')).toBe('<mrow><mi>x</mi><mo fence="true" stretchy="true">|</mo></mrow>');
    expect(body('\\bar{x}')).toBe('<mover accent="true"><mi>x</mi><mo stretchy="false">¯</mo></mover>');
    expect(body('x \\text{ if and only if } y')).toBe('<mrow><mi>x</mi><mtext>\u00a0if\u00a0and\u00a0only\u00a0if\u00a0</mtext><mi>y</mi></mrow>');
    expect(body('\\mathrm{kg}')).toBe('<mi mathvariant="normal">kg</mi>');
    expect(body('a\\,b')).toBe('<mrow><mi>a</mi><mspace width="0.1667em"></mspace><mi>b</mi></mrow>');
  });

  it('returns null for what it does not handle, so that KaTeX typesets the text', () => {
    for (const tex of [
      '\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}',
      'a \\\\ b',
      '\\mathbf{v}',
      '\\newcommand{\\x}{1}',
      '\\unknowncommand',
      'x^',
      'x^1^2',
      '\\frac{a}',
      '{a',
      'a}',
      '\\left( x',
      '\\text{a $b$}',
      '\\text{\\alpha}',
      '@',
      '\\',
      'x'.repeat(MAX_LENGTH + 1),
      '{'.repeat(30) + 'x' + '}'.repeat(30),
    ]) {
      expect(texToMathml(tex, false), tex).toBeNull();
    }
  });
});
