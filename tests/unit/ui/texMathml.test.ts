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
    // A parenthesis outside \left…\right keeps its size (and so its width in Chromium).
    expect(body('O(n \\log n)')).toBe(
      '<mrow><mi>O</mi><mo stretchy="false">(</mo><mi>n</mi><mi>log</mi><mo lspace="0" rspace="0.1667em">\u2061</mo><mi>n</mi><mo stretchy="false">)</mo></mrow>',
    );
    expect(body('\\sin(x)')).toBe('<mrow><mi>sin</mi><mo lspace="0" rspace="0">\u2061</mo><mo stretchy="false">(</mo><mi>x</mi><mo stretchy="false">)</mo></mrow>');
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
    expect(body('\\binom{n}{k}')).toBe(
      '<mrow><mo fence="true" stretchy="true">(</mo><mfrac linethickness="0"><mi>n</mi><mi>k</mi></mfrac><mo fence="true" stretchy="true">)</mo></mrow>',
    );
    expect(body('\\left( x \\right)')).toBe('<mrow><mo fence="true" stretchy="true">(</mo><mi>x</mi><mo fence="true" stretchy="true">)</mo></mrow>');
    expect(body('\\left. x \\right|')).toBe('<mrow><mi>x</mi><mo fence="true" stretchy="true">|</mo></mrow>');
    expect(body('\\bar{x}')).toBe('<mover accent="true"><mi>x</mi><mo stretchy="false">¯</mo></mover>');
    expect(body('x \\text{ if and only if } y')).toBe('<mrow><mi>x</mi><mtext>\u00a0if\u00a0and\u00a0only\u00a0if\u00a0</mtext><mi>y</mi></mrow>');
    expect(body('\\mathrm{kg}')).toBe('<mi mathvariant="normal">kg</mi>');
    expect(body('a\\,b')).toBe('<mrow><mi>a</mi><mspace width="0.1667em"></mspace><mi>b</mi></mrow>');
  });

  describe('environments, as tables', () => {
    const fenced = (open: string, table: string, close: string) =>
      `<mrow><mo fence="true" stretchy="true">${open}</mo>${table}<mo fence="true" stretchy="true">${close}</mo></mrow>`;
    const left = '<mtd className="tex-l">';

    it('matrices: cells in rows, in the fences of their kind', () => {
      const abcd = '<mtable><mtr><mtd><mi>a</mi></mtd><mtd><mi>b</mi></mtd></mtr><mtr><mtd><mi>c</mi></mtd><mtd><mi>d</mi></mtd></mtr></mtable>';
      const cells = 'a & b \\\\ c & d';
      expect(body(`\\begin{matrix} ${cells} \\end{matrix}`)).toBe(abcd);
      expect(body(`\\begin{pmatrix} ${cells} \\end{pmatrix}`)).toBe(fenced('(', abcd, ')'));
      expect(body(`\\begin{bmatrix} ${cells} \\end{bmatrix}`)).toBe(fenced('[', abcd, ']'));
      expect(body(`\\begin{Bmatrix} ${cells} \\end{Bmatrix}`)).toBe(fenced('{', abcd, '}'));
      expect(body(`\\begin{vmatrix} ${cells} \\end{vmatrix}`)).toBe(fenced('|', abcd, '|'));
      expect(body(`\\begin{Vmatrix} ${cells} \\end{Vmatrix}`)).toBe(fenced('‖', abcd, '‖'));
      expect(body(`\\begin{smallmatrix} ${cells} \\end{smallmatrix}`)).toBe(`<mstyle scriptlevel="1">${abcd}</mstyle>`);
      // A \\ before \end makes no empty row; cells hold whole expressions; a matrix goes in \left…\right.
      expect(body('\\begin{matrix} x^2 & \\frac{1}{2} \\\\ \\end{matrix}')).toBe(
        '<mtable><mtr><mtd><msup><mi>x</mi><mn>2</mn></msup></mtd><mtd><mfrac><mn>1</mn><mn>2</mn></mfrac></mtd></mtr></mtable>',
      );
      expect(body('\\left( \\begin{matrix} a \\end{matrix} \\right)')).toBe(fenced('(', '<mtable><mtr><mtd><mi>a</mi></mtd></mtr></mtable>', ')'));
    });

    it('cases: a brace on the left, columns aligned left', () => {
      expect(body('|x| = \\begin{cases} x & x \\ge 0 \\\\ -x & \\text{otherwise} \\end{cases}')).toBe(
        '<mrow><mo stretchy="false">|</mo><mi>x</mi><mo stretchy="false">|</mo><mo>=</mo>' +
          '<mrow><mo fence="true" stretchy="true">{</mo><mtable>' +
          `<mtr>${left}<mi>x</mi></mtd>${left}<mi>x</mi><mo>≥</mo><mn>0</mn></mtd></mtr>` +
          `<mtr>${left}<mo>−</mo><mi>x</mi></mtd>${left}<mtext>otherwise</mtext></mtd></mtr>` +
          '</mtable></mrow></mrow>',
      );
    });

    it('aligned, align* and gathered: display-style cells, right and left by turns without a gap between them', () => {
      // The first pair starts at the left edge; the next is 2em from it.
      const right = (pad: number) => `<mtd className="tex-r ${pad ? 'tex-pair' : 'tex-tight'}">`;
      const leftTight = '<mtd className="tex-l tex-tight">';
      const aligned =
        '<mtable displaystyle="true">' +
        `<mtr>${right(0)}<mi>a</mi></mtd>${leftTight}<mo>=</mo><mi>b</mi></mtd>${right(2)}<mi>c</mi></mtd>${leftTight}<mo>=</mo><mi>d</mi></mtd></mtr>` +
        `<mtr>${right(0)}</mtd>${leftTight}<mo>=</mo><mi>e</mi></mtd></mtr>` +
        '</mtable>';
      const cells = 'a &= b & c &= d \\\\ &= e';
      expect(body(`\\begin{aligned} ${cells} \\end{aligned}`)).toBe(aligned);
      expect(body(`\\begin{aligned} ${cells} \\end{aligned}`, true)).toBe(aligned);
      expect(body(`\\begin{align*} ${cells} \\end{align*}`, true)).toBe(aligned);
      const gathered = '<mtable displaystyle="true"><mtr><mtd><mi>a</mi></mtd></mtr><mtr><mtd><mi>b</mi></mtd></mtr></mtable>';
      expect(body('\\begin{gathered} a \\\\ b \\end{gathered}')).toBe(gathered);
      expect(body('\\begin{gather*} a \\\\ b \\end{gather*}', true)).toBe(gathered);
      // align* and gather* are display environments: inline, KaTeX reports them as errors.
      expect(body(`\\begin{align*} ${cells} \\end{align*}`)).toBeNull();
      expect(body('\\begin{gather*} a \\end{gather*}')).toBeNull();
    });

    it('array: the alignment of each column and the lines of its spec; short rows are filled', () => {
      expect(body('\\begin{array}{|l|c r|} a & b & c \\\\ d \\end{array}')).toBe(
        '<mtable>' +
          '<mtr><mtd className="tex-l tex-line"><mi>a</mi></mtd><mtd className="tex-line"><mi>b</mi></mtd><mtd className="tex-r tex-last"><mi>c</mi></mtd></mtr>' +
          '<mtr><mtd className="tex-l tex-line"><mi>d</mi></mtd><mtd className="tex-line"></mtd><mtd className="tex-r tex-last"></mtd></mtr>' +
          '</mtable>',
      );
      expect(body('\\begin{array}{cc} 1 & 2 \\end{array}')).toBe('<mtable><mtr><mtd><mn>1</mn></mtd><mtd><mn>2</mn></mtd></mtr></mtable>');
    });

    it('anything beyond these goes to KaTeX', () => {
      for (const tex of [
        '\\begin{foo} a \\end{foo}',
        '\\begin{align} a &= b \\end{align}',
        '\\begin{equation} a \\end{equation}',
        '\\begin{constructor} a \\end{constructor}',
        '\\begin{matrix} a \\end{pmatrix}',
        '\\begin{matrix} a & b',
        '\\begin{matrix} a \\\\[2pt] b \\end{matrix}',
        '\\begin{matrix} a \\\\* b \\end{matrix}',
        '\\begin{array}{c} \\hline a \\end{array}',
        '\\begin{array}{cc} a & b & c \\end{array}',
        '\\begin{array}{p{2cm}} a \\end{array}',
        '\\begin{array}{c||c} a & b \\end{array}',
        '\\begin{array}{@{}c} a \\end{array}',
        '\\begin{array} a \\end{array}',
        '\\begin{matrix} {a & b} \\end{matrix}',
        '\\begin{matrix} \\left( a & b \\right) \\end{matrix}',
        'a & b',
        'a \\\\ b',
        '\\end{matrix}',
      ]) {
        expect(texToMathml(tex, true), tex).toBeNull();
      }
    });
  });

  it('fonts: Unicode mathematical letters and digits, the letters Unicode has elsewhere included', () => {
    expect(body('\\mathbf{v} + \\mathbf{A1}')).toBe('<mrow><mi>𝐯</mi><mo>+</mo><mrow><mi>𝐀</mi><mn>𝟏</mn></mrow></mrow>');
    // \mathbf makes capital Greek bold and leaves small Greek letters alone, as in TeX.
    expect(body('\\mathbf{\\alpha\\Gamma}')).toBe('<mrow><mi>α</mi><mi mathvariant="normal">𝚪</mi></mrow>');
    // \boldsymbol and \bm: bold italic letters and small Greek, bold upright capital Greek.
    expect(body('\\boldsymbol{\\theta} \\bm{\\Sigma} \\bm{x} \\boldsymbol{\\nabla} \\boldsymbol{\\varepsilon} \\bm{\\phi}')).toBe(
      '<mrow><mi>𝜽</mi><mi mathvariant="normal">𝚺</mi><mi>𝒙</mi><mi>𝛁</mi><mi>𝜺</mi><mi>𝝓</mi></mrow>',
    );
    expect(body('\\mathbb{R}^n \\mathbb{N} \\mathbb{E} \\mathbb{1}')).toBe('<mrow><msup><mi>ℝ</mi><mi>n</mi></msup><mi>ℕ</mi><mi>𝔼</mi><mn>𝟙</mn></mrow>');
    expect(body('\\mathcal{L} \\mathcal{O} \\mathscr{B} \\mathcal{e}')).toBe('<mrow><mi>ℒ</mi><mi>𝒪</mi><mi>ℬ</mi><mi>ℯ</mi></mrow>');
    expect(body('\\mathfrak{g} \\mathfrak{R} \\mathfrak{\\Re}')).toBe('<mrow><mi>𝔤</mi><mi>ℜ</mi><mi>ℜ</mi></mrow>');
    expect(body('\\mathsf{A} \\mathtt{x1} \\mathit{h}')).toBe('<mrow><mi>𝖠</mi><mrow><mi>𝚡</mi><mn>𝟷</mn></mrow><mi>ℎ</mi></mrow>');
    // Operators keep their characters; a font without digits leaves them as they are.
    expect(body('\\mathcal{A+1}')).toBe('<mrow><mi>𝒜</mi><mo>+</mo><mn>1</mn></mrow>');
    expect(body('\\mathbb R')).toBe('<mi>ℝ</mi>');
    // \mathrm: a name is one upright identifier (kg, above); units and formulas have their letters upright.
    expect(body('\\mathrm{m/s}')).toBe('<mrow><mi mathvariant="normal">m</mi><mo>/</mo><mi mathvariant="normal">s</mi></mrow>');
    expect(body('\\mathrm{H_2O}')).toBe('<mrow><msub><mi mathvariant="normal">H</mi><mn>2</mn></msub><mi mathvariant="normal">O</mi></mrow>');
  });

  it('operator names and text in bold or italic', () => {
    expect(body('\\operatorname{rank} A')).toBe('<mrow><mi mathvariant="normal">rank</mi><mo lspace="0" rspace="0.1667em">\u2061</mo><mi>A</mi></mrow>');
    expect(body('\\operatorname{E}[X]')).toBe(
      '<mrow><mi mathvariant="normal">E</mi><mo lspace="0" rspace="0">\u2061</mo><mo stretchy="false">[</mo><mi>X</mi><mo stretchy="false">]</mo></mrow>',
    );
    expect(body('\\operatorname*{argmax}_\\theta f')).toBe(
      '<mrow><munder><mo movablelimits="true">argmax</mo><mi>θ</mi></munder><mo lspace="0" rspace="0.1667em">\u2061</mo><mi>f</mi></mrow>',
    );
    expect(body('\\textbf{bold text} \\textit{it}')).toBe('<mrow><mtext className="tex-bf">bold\u00a0text</mtext><mtext className="tex-it">it</mtext></mrow>');
  });

  it('lines, braces, stacks and arrows with labels', () => {
    expect(body('\\overline{AB}')).toBe('<mrow className="tex-overline"><mrow><mi>A</mi><mi>B</mi></mrow></mrow>');
    expect(body('\\underline{x}')).toBe('<mrow className="tex-underline"><mi>x</mi></mrow>');
    expect(body('\\overbrace{a+b}^{n}')).toBe(
      '<mover><mover accent="true"><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mo stretchy="true">⏞</mo></mover><mi>n</mi></mover>',
    );
    expect(body('\\underbrace{x}_{2}')).toBe('<munder><munder accentunder="true"><mi>x</mi><mo stretchy="true">⏟</mo></munder><mn>2</mn></munder>');
    // The relation under the label keeps its spacing, braces or not.
    expect(body('\\overset{?}{=}')).toBe('<mover><mo>=</mo><mo lspace="0" rspace="0">?</mo></mover>');
    expect(body('\\stackrel{\\text{def}}{=}')).toBe('<mover><mo>=</mo><mtext>def</mtext></mover>');
    expect(body('\\underset{x}{y}')).toBe('<munder><mi>y</mi><mi>x</mi></munder>');
    const label = (x: string) => `<mrow><mspace width="0.4em"></mspace>${x}<mspace width="0.4em"></mspace></mrow>`;
    expect(body('\\xrightarrow{f}')).toBe(`<mover><mo stretchy="true">→</mo>${label('<mi>f</mi>')}</mover>`);
    expect(body('\\xleftarrow[u]{v}')).toBe(`<munderover><mo stretchy="true">←</mo>${label('<mi>u</mi>')}${label('<mi>v</mi>')}</munderover>`);
    expect(body('\\overrightarrow{AB}')).toBe('<mover accent="true"><mrow><mi>A</mi><mi>B</mi></mrow><mo stretchy="true">→</mo></mover>');
  });

  it('\\not before a relation, \\pmod, \\mod and \\bmod', () => {
    expect(body('a \\not= b \\not\\in A \\not\\subseteq B \\not<')).toBe('<mrow><mi>a</mi><mo>≠</mo><mi>b</mi><mo>∉</mo><mi>A</mi><mo>⊈</mo><mi>B</mi><mo>≮</mo></mrow>');
    const mod = (gap: string) =>
      `<mrow><mspace width="${gap}"></mspace><mo stretchy="false">(</mo><mi>mod</mi><mspace width="0.3333em"></mspace><mi>n</mi><mo stretchy="false">)</mo></mrow>`;
    expect(body('a \\equiv b \\pmod{n}')).toBe(`<mrow><mi>a</mi><mo>≡</mo><mi>b</mi>${mod('0.4444em')}</mrow>`);
    expect(body('a \\equiv b \\pmod n', true)).toBe(`<mrow><mi>a</mi><mo>≡</mo><mi>b</mi>${mod('1em')}</mrow>`);
    expect(body('\\mod n')).toBe('<mrow><mspace width="0.4444em"></mspace><mi>mod</mi><mspace width="0.3333em"></mspace><mi>n</mi></mrow>');
    expect(body('a \\bmod b')).toBe('<mrow><mi>a</mi><mo>mod</mo><mi>b</mi></mrow>');
  });

  it('dots, spaces and delimiters outside \\left…\\right', () => {
    expect(body('1, \\dots, n \\cdots \\ldots \\vdots \\ddots')).toBe(
      '<mrow><mn>1</mn><mo>,</mo><mi>…</mi><mo>,</mo><mi>n</mi><mi>⋯</mi><mi>…</mi><mi>⋮</mi><mi>⋱</mi></mrow>',
    );
    expect(body('a\\quad b\\qquad c\\;d\\!e')).toBe(
      '<mrow><mi>a</mi><mspace width="1em"></mspace><mi>b</mi><mspace width="2em"></mspace><mi>c</mi><mspace width="0.2778em"></mspace><mi>d</mi><mspace width="-0.1667em"></mspace><mi>e</mi></mrow>',
    );
    const plain = (d: string) => `<mo stretchy="false">${d}</mo>`;
    expect(body('\\lvert x \\rvert \\lVert y \\rVert \\langle u \\rangle \\lfloor a \\rfloor \\lceil b \\rceil \\{c\\}')).toBe(
      `<mrow>${plain('|')}<mi>x</mi>${plain('|')}${plain('‖')}<mi>y</mi>${plain('‖')}${plain('⟨')}<mi>u</mi>${plain('⟩')}` +
        `${plain('⌊')}<mi>a</mi>${plain('⌋')}${plain('⌈')}<mi>b</mi>${plain('⌉')}${plain('{')}<mi>c</mi>${plain('}')}</mrow>`,
    );
    expect(body('\\left\\lvert x \\middle| y \\right\\rVert')).toBe(
      '<mrow><mo fence="true" stretchy="true">|</mo><mi>x</mi><mo stretchy="true">|</mo><mi>y</mi><mo fence="true" stretchy="true">‖</mo></mrow>',
    );
    expect(body('\\big( \\Bigl[ \\bigg\\{ \\Biggr\\|')).toBe(
      '<mrow><mo stretchy="true" minsize="1.2em" maxsize="1.2em">(</mo><mo stretchy="true" minsize="1.8em" maxsize="1.8em">[</mo>' +
        '<mo stretchy="true" minsize="2.4em" maxsize="2.4em">{</mo><mo stretchy="true" minsize="3em" maxsize="3em">‖</mo></mrow>',
    );
  });

  it('limits: below and above in display style, \\limits and \\nolimits, \\displaystyle and \\textstyle', () => {
    expect(body('\\prod_{k} \\oint_C \\iint_D')).toBe(
      '<mrow><munder><mo movablelimits="true">∏</mo><mi>k</mi></munder><msub><mo>∮</mo><mi>C</mi></msub><msub><mo>∬</mo><mi>D</mi></msub></mrow>',
    );
    expect(body('\\sum\\limits_{i} \\int\\limits_0^1 \\lim\\nolimits_{x} x')).toBe(
      '<mrow><munder><mo movablelimits="false">∑</mo><mi>i</mi></munder><munderover><mo movablelimits="false">∫</mo><mn>0</mn><mn>1</mn></munderover>' +
        '<msub><mo movablelimits="false">lim</mo><mi>x</mi></msub><mo lspace="0" rspace="0.1667em">\u2061</mo><mi>x</mi></mrow>',
    );
    expect(body('\\displaystyle \\sum_i x')).toBe('<mstyle displaystyle="true" scriptlevel="0"><munder><mo movablelimits="true">∑</mo><mi>i</mi></munder><mi>x</mi></mstyle>');
    expect(body('{\\textstyle a} b')).toBe('<mrow><mstyle displaystyle="false" scriptlevel="0"><mi>a</mi></mstyle><mi>b</mi></mrow>');
    expect(body('\\mathop{\\mathrm{argmin}}_x f')).toBe(
      '<mrow><munder><mo movablelimits="true">argmin</mo><mi>x</mi></munder><mo lspace="0" rspace="0.1667em">\u2061</mo><mi>f</mi></mrow>',
    );
  });

  it('\\dfrac, \\tfrac, \\cfrac; \\boxed, colours, phantoms and atom classes', () => {
    const half = '<mfrac><mn>1</mn><mn>2</mn></mfrac>';
    expect(body('\\dfrac{1}{2}')).toBe(`<mstyle displaystyle="true" scriptlevel="0">${half}</mstyle>`);
    expect(body('\\cfrac{1}{2}')).toBe(`<mstyle displaystyle="true" scriptlevel="0">${half}</mstyle>`);
    expect(body('\\tfrac{1}{2}', true)).toBe(`<mstyle displaystyle="false" scriptlevel="0">${half}</mstyle>`);
    expect(body('\\boxed{x}')).toBe('<mrow className="tex-boxed"><mi>x</mi></mrow>');
    // \color applies to the rest of its group; \textcolor to its argument.
    expect(body('{\\color{#f00} x} + y')).toBe('<mrow><mstyle mathcolor="#f00"><mi>x</mi></mstyle><mo>+</mo><mi>y</mi></mrow>');
    expect(body('\\color{red} x + y')).toBe('<mstyle mathcolor="red"><mi>x</mi><mo>+</mo><mi>y</mi></mstyle>');
    expect(body('\\textcolor{blue}{x} y')).toBe('<mrow><mstyle mathcolor="blue"><mi>x</mi></mstyle><mi>y</mi></mrow>');
    expect(body('\\phantom{x} \\vphantom{y}')).toBe('<mrow><mphantom><mi>x</mi></mphantom><mpadded width="0"><mphantom><mi>y</mi></mphantom></mpadded></mrow>');
    expect(body('a \\mathrel{R} b \\mathbin{\\#} c \\mathrel{=} d')).toBe(
      '<mrow><mi>a</mi><mrow><mspace width="0.2778em"></mspace><mi>R</mi><mspace width="0.2778em"></mspace></mrow><mi>b</mi>' +
        '<mo lspace="0.2222em" rspace="0.2222em">#</mo><mi>c</mi><mo lspace="0.2778em" rspace="0.2778em">=</mo><mi>d</mi></mrow>',
    );
  });

  it('relations, arrows and set symbols', () => {
    const tex =
      '\\implies \\iff \\mapsto \\to \\subseteq \\supseteq \\in \\notin \\cup \\cap \\setminus \\forall \\exists \\approx \\equiv \\cong \\sim ' +
      '\\propto \\perp \\parallel \\angle \\circ \\pm \\mp \\times \\div \\cdot \\leq \\geq \\neq \\ll \\gg \\leftarrow \\Leftarrow \\Rightarrow ' +
      '\\Leftrightarrow \\uparrow \\downarrow';
    const operators = '⟹⟺↦→⊆⊇∈∉∪∩∖∀∃≈≡≅∼∝⊥∥∠∘±∓×÷⋅≤≥≠≪≫←⇐⇒⇔↑↓';
    expect(body(tex)).toBe(`<mrow>${Array.from(operators, (o) => `<mo>${o}</mo>`).join('')}</mrow>`);
    expect(body('\\emptyset \\varnothing \\nabla \\partial \\infty \\triangle 30\\degree')).toBe(
      '<mrow><mi>∅</mi><mi>∅</mi><mi>∇</mi><mi>∂</mi><mi>∞</mi><mi>△</mi><mn>30</mn><mi>°</mi></mrow>',
    );
  });

  it('returns null for what it does not handle, so that KaTeX typesets the text', () => {
    for (const tex of [
      'a \\\\ b',
      '\\newcommand{\\x}{1}',
      '\\def\\x{1}',
      '\\toString',
      '\\hspace{1em}',
      '\\cbinom{n}{k}',
      '\\cfrac[l]{1}{2}',
      '\\color{red!50} x',
      '\\textcolor{red}',
      '\\not\\sqrt{x}',
      '\\not\\ne',
      '\\mathop{x}',
      '\\mathop{lim}',
      'x\\limits',
      '\\sum_i\\limits',
      '\\middle|',
      '\\left( a \\middle. b \\right)',
      '\\operatorname{a_b}',
      '\\mathrm',
      '\\mathrm{a',
      '\\mathbf',
      '\\big',
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
