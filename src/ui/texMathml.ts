import type { Element, ElementContent } from 'hast';

/**
 * A small TeX-to-MathML translator for the math exam texts use most. The browser typesets the
 * MathML itself (every current browser does), so a formula needs no script, stylesheet or font of
 * its own. It covers:
 *
 * - numbers, letters, Greek letters, operators, relations, arrows, set and logic symbols, dots
 *   (`\dots`, `\cdots`, `\vdots`, `\ddots`), `\not` before a relation with a negated form (`\not=`,
 *   `\not\in`, `\not\subset`, ...), named functions (`\log`, `\sin`, `\lim`, `\max`, ...) and
 *   `\operatorname` (`\operatorname*` with limits);
 * - sub- and superscripts; sums, products, unions and integrals with limits below and above in
 *   display style (`\limits`, `\nolimits`);
 * - `\frac`, `\dfrac`, `\tfrac`, `\cfrac`, `\binom`, `\sqrt` (with an index), `\left…\middle…\right`,
 *   `\big(` and its kin, `\langle`, `\lvert`, `\lfloor`, ... as plain delimiters;
 * - accents (`\bar`, `\hat`, `\vec`, `\overrightarrow`, ...), `\overline`, `\underline`,
 *   `\overbrace` and `\underbrace` (with their labels as scripts), `\overset`, `\underset`,
 *   `\stackrel`, `\xrightarrow` (with a label below too), `\boxed`, `\phantom`, `\vphantom`,
 *   `\color`, `\textcolor`, `\displaystyle`, `\textstyle`, `\mathrel`, `\mathbin`, `\mathop`,
 *   `\mathord`;
 * - fonts: `\mathbf`, `\boldsymbol` and `\bm`, `\mathbb`, `\mathcal`, `\mathscr`, `\mathfrak`,
 *   `\mathsf`, `\mathtt`, `\mathit`, `\mathrm`; text: `\text`, `\textbf`, `\textit`, ...;
 * - spaces, `\pmod`, `\mod`, `\bmod`;
 * - environments, as tables: `matrix`, `pmatrix`, `bmatrix`, `Bmatrix`, `vmatrix`, `Vmatrix`,
 *   `smallmatrix`, `cases`, `aligned`, `gathered`, `array` (columns l, c, r, and | between
 *   them), and in display math `align*` and `gather*`.
 *
 * Anything else (user macros such as \newcommand or \def, an unknown command or environment, a
 * row gap such as `\\[2pt]`, `\hline`, a formula over MAX_LENGTH characters) makes it return null,
 * and the caller typesets the text with KaTeX instead: a formula is never drawn half right.
 *
 * The output keeps to MathML Core, which Chromium, Firefox and Safari all draw. Where Core has no
 * attribute (cell alignment, the lines of an array, \overline, \boxed, \textbf) the element has a
 * class (tex-…) that `mathmlStyles` styles: the page that shows the MathML applies those rules.
 */
export function texToMathml(tex: string, display: boolean): Element | null {
  if (tex.length > MAX_LENGTH) return null;
  try {
    const parser = new Parser(tokenize(tex), tex, display);
    const body = parser.expression();
    if (!parser.done()) return null;
    return el('math', { display: display ? 'block' : 'inline' }, [
      el('semantics', {}, [row(body), el('annotation', { encoding: 'application/x-tex' }, [text(tex)])]),
    ]);
  } catch (err) {
    if (err instanceof Unsupported) return null;
    throw err;
  }
}

/**
 * The rules for the classes the MathML carries, as a style object for MUI's `sx` (on an element
 * around the formulas). Chromium aligns a cell's content only with text-align: -webkit-left or
 * -webkit-right (its content is a block); Firefox also with left and right.
 */
export const mathmlStyles = {
  '.tex-l': { textAlign: 'left', '@supports (text-align: -webkit-left)': { textAlign: '-webkit-left' } },
  '.tex-r': { textAlign: 'right', '@supports (text-align: -webkit-right)': { textAlign: '-webkit-right' } },
  '.tex-tight': { px: 0 },
  '.tex-pair': { pl: '2em', pr: 0 },
  '.tex-line': { borderLeft: '0.05em solid' },
  '.tex-last': { borderRight: '0.05em solid' },
  // No character stretches across a formula in every math font: \overline and \underline are borders.
  '.tex-overline': { borderTop: '0.065em solid', pt: '0.15em' },
  '.tex-underline': { borderBottom: '0.065em solid', pb: '0.15em' },
  '.tex-boxed': { border: '0.05em solid', p: '0.3em' },
  '.tex-bf': { fontWeight: 'bold' },
  '.tex-it': { fontStyle: 'italic' },
};

/** Longer formulas go to KaTeX: they are rarely simple, and this keeps the work per formula small. */
export const MAX_LENGTH = 1000;
/** Deeper nesting than this goes to KaTeX too. */
const MAX_DEPTH = 20;

class Unsupported extends Error {}
/** Gives up on the formula: the caller typesets it with KaTeX. */
const unsupported = (): never => {
  throw new Unsupported();
};

type Props = Record<string, string>;
const el = (tagName: string, properties: Props, children: ElementContent[]): Element => ({ type: 'element', tagName, properties, children });
const text = (value: string) => ({ type: 'text' as const, value });
const row = (items: Element[]): Element => (items.length === 1 ? items[0] : el('mrow', {}, items));
const mo = (op: string, props: Props = {}) => el('mo', props, [text(op)]);
const mi = (name: string, props: Props = {}) => el('mi', props, [text(name)]);
const space = (width: string) => el('mspace', { width }, []);
/**
 * A delimiter at its own size. Chromium gives a stretchy operator the width of its widest size,
 * stretched or not, so a parenthesis left stretchy (as the operator dictionary has it) is drawn
 * with gaps around it; and in TeX only \left, \right and \big make a delimiter taller.
 */
const unstretched = (d: string) => mo(d, { stretchy: 'false' });
/** A stretchy fence around a \left…\right group or a matrix; none for the empty delimiter (`\left.`). */
const fence = (d: string) => (d ? [mo(d, { fence: 'true', stretchy: 'true' })] : []);

/** A token and where it starts and ends in the source. */
type Token = ({ kind: 'command'; name: string } | { kind: 'char'; value: string } | { kind: 'number'; value: string }) & { start: number; end: number };

function tokenize(tex: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < tex.length) {
    const c = tex[i];
    if (/\s/.test(c)) {
      i++;
    } else if (c === '\\') {
      const word = /^[a-zA-Z]+/.exec(tex.slice(i + 1));
      if (word) {
        // The tables are plain objects: \toString and its kin are no commands of theirs.
        if (word[0] in {}) unsupported();
        tokens.push({ kind: 'command', name: word[0], start: i, end: i + 1 + word[0].length });
        i += 1 + word[0].length;
      } else {
        if (i + 1 >= tex.length) unsupported();
        tokens.push({ kind: 'command', name: tex[i + 1], start: i, end: i + 2 });
        i += 2;
      }
    } else if (/[0-9]/.test(c)) {
      const number = /^[0-9]+(\.[0-9]+)?/.exec(tex.slice(i))![0];
      tokens.push({ kind: 'number', value: number, start: i, end: i + number.length });
      i += number.length;
    } else {
      tokens.push({ kind: 'char', value: c, start: i, end: i + 1 });
      i++;
    }
  }
  return tokens;
}

const GREEK: Record<string, string> = {
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ϵ', varepsilon: 'ε', zeta: 'ζ', eta: 'η', theta: 'θ', vartheta: 'ϑ',
  iota: 'ι', kappa: 'κ', lambda: 'λ', mu: 'μ', nu: 'ν', xi: 'ξ', pi: 'π', varpi: 'ϖ', rho: 'ρ', varrho: 'ϱ', sigma: 'σ',
  varsigma: 'ς', tau: 'τ', upsilon: 'υ', phi: 'ϕ', varphi: 'φ', chi: 'χ', psi: 'ψ', omega: 'ω',
};
/** Capital Greek letters are upright in TeX. */
const CAPITAL_GREEK: Record<string, string> = { Gamma: 'Γ', Delta: 'Δ', Theta: 'Θ', Lambda: 'Λ', Xi: 'Ξ', Pi: 'Π', Sigma: 'Σ', Upsilon: 'Υ', Phi: 'Φ', Psi: 'Ψ', Omega: 'Ω' };
/** Symbols that are ordinary identifiers rather than operators. */
const SYMBOLS: Record<string, string> = {
  infty: '∞', partial: '∂', nabla: '∇', emptyset: '∅', varnothing: '∅', ell: 'ℓ', hbar: 'ℏ', aleph: 'ℵ', prime: '′',
  ldots: '…', dots: '…', cdots: '⋯', vdots: '⋮', ddots: '⋱', triangle: '△', degree: '°', top: '⊤', bot: '⊥', Re: 'ℜ',
  Im: 'ℑ', imath: 'ı', jmath: 'ȷ', backslash: '\\',
};
const OPERATORS: Record<string, string> = {
  cdot: '⋅', times: '×', div: '÷', pm: '±', mp: '∓', ast: '∗', star: '⋆', circ: '∘', bullet: '∙', oplus: '⊕', otimes: '⊗',
  odot: '⊙', dagger: '†', le: '≤', leq: '≤', ge: '≥', geq: '≥', leqslant: '⩽', geqslant: '⩾', ne: '≠', neq: '≠',   ll: '≪', gg: '≫', approx: '≈', equiv: '≡', sim: '∼', simeq: '≃', cong: '≅', propto: '∝', to: '→', rightarrow: '→',
  leftarrow: '←', gets: '←', leftrightarrow: '↔', Rightarrow: '⇒', Leftarrow: '⇐', Leftrightarrow: '⇔', implies: '⟹',
  iff: '⟺', mapsto: '↦', longrightarrow: '⟶', Longrightarrow: '⟹',
  Longleftrightarrow: '⟺', uparrow: '↑', downarrow: '↓', rightleftharpoons: '⇌',
  in: '∈', notin: '∉', ni: '∋', subset: '⊂', subseteq: '⊆', subsetneq: '⊊', nsubseteq: '⊈', supset: '⊃', supseteq: '⊇',
  supsetneq: '⊋', cup: '∪', cap: '∩', setminus: '∖', forall: '∀', exists: '∃', nexists: '∄', neg: '¬', lnot: '¬', land: '∧',
  wedge: '∧', lor: '∨', vee: '∨', mid: '∣', nmid: '∤', parallel: '∥', perp: '⊥', angle: '∠', vdash: '⊢', models: '⊨', therefore: '∴',
  because: '∵', colon: ':', bmod: 'mod',
};
/** What \not makes of a relation: each relation followed by its negation. */
const NEGATIONS = '=≠∈∉⊂⊄⊃⊅⊆⊈⊇⊉≡≢∼≁≈≉≅≇<≮>≯≤≰≥≱∣∤∥∦→↛';
const LARGE_OPERATORS: Record<string, string> = {
  sum: '∑', prod: '∏', bigcup: '⋃', bigcap: '⋂', bigvee: '⋁', bigwedge: '⋀', bigoplus: '⨁', bigotimes: '⨂',
  int: '∫', iint: '∬', iiint: '∭', oint: '∮',
};
/** Named functions; those marked true take their sub- and superscripts as limits below and above. */
const FUNCTIONS: Record<string, boolean> = {
  log: false, ln: false, lg: false, exp: false, sin: false, cos: false, tan: false, cot: false, sec: false, csc: false,
  arcsin: false, arccos: false, arctan: false, sinh: false, cosh: false, tanh: false, coth: false, deg: false, dim: false,
  ker: false, arg: false, hom: false, gcd: true, det: true, Pr: true, lim: true, max: true, min: true, sup: true, inf: true,
  liminf: true, limsup: true,
};
const DELIMITERS: Record<string, string> = {
  '(': '(', ')': ')', '[': '[', ']': ']', '|': '|', '/': '/', '.': '', lbrace: '{', rbrace: '}', '{': '{', '}': '}',
  '|cmd': '‖', langle: '⟨', rangle: '⟩', lfloor: '⌊', rfloor: '⌋', lceil: '⌈', rceil: '⌉', vert: '|', Vert: '‖',
  lvert: '|', rvert: '|', lVert: '‖', rVert: '‖', lbrack: '[', rbrack: ']',
};
/** The heights of \big( and its kin, as KaTeX draws them. */
const BIG: Record<string, string> = { big: '1.2em', Big: '1.8em', bigg: '2.4em', Bigg: '3em' };
/** Accents; those named over… stretch across their argument. */
const ACCENTS: Record<string, string> = {
  bar: '¯', hat: '^', widehat: '^', check: 'ˇ', vec: '→', dot: '˙', ddot: '¨', tilde: '~', widetilde: '~', overrightarrow: '→',
  overleftarrow: '←',
};
/** Arrows that stretch under and over their labels. */
const X_ARROWS: Record<string, string> = { xrightarrow: '→', xleftarrow: '←' };
const SPACES: Record<string, string> = {
  ',': '0.1667em', ':': '0.2222em', '>': '0.2222em', ';': '0.2778em', '!': '-0.1667em', enspace: '0.5em', quad: '1em', qquad: '2em',
};
/** The space \mathrel, \mathbin and \mathord put on each side of their argument. */
const CLASSES: Record<string, string> = { mathrel: '0.2778em', mathbin: '0.2222em', mathord: '0' };
/** \displaystyle and its kin, and what \dfrac, \tfrac and \cfrac draw their fraction in. */
const STYLES: Record<string, Props> = {
  displaystyle: { displaystyle: 'true', scriptlevel: '0' },
  textstyle: { displaystyle: 'false', scriptlevel: '0' },
};
/** Text commands, with the class of their text's style. */
const TEXT: Record<string, string> = { text: '', textrm: '', textnormal: '', mbox: '', textbf: 'bf', textit: 'it' };
/**
 * Environments, drawn as an <mtable>: the fences around it and its column alignment (c centred,
 * l left, rl right and left by turns as in align; an array's comes from its column spec). Those
 * named with a star are for display math only; align and gather ones set their cells in display style.
 */
const ENVIRONMENTS: Record<string, [string, string, string]> = {
  matrix: ['', '', 'c'], smallmatrix: ['', '', 'c'], pmatrix: ['(', ')', 'c'], bmatrix: ['[', ']', 'c'],
  Bmatrix: ['{', '}', 'c'], vmatrix: ['|', '|', 'c'], Vmatrix: ['‖', '‖', 'c'], cases: ['{', '', 'l'],
  aligned: ['', '', 'rl'], 'align*': ['', '', 'rl'], gathered: ['', '', 'c'], 'gather*': ['', '', 'c'], array: ['', '', ''],
};

/**
 * Fonts (\mathbf, \mathbb, ...) are written with the Unicode Mathematical Alphanumeric Symbols
 * (𝐯, ℝ, 𝒪, 𝔤, ...) rather than the mathvariant attribute: MathML Core, and so Chromium, supports
 * only mathvariant="normal", and a CSS font-weight would only embolden the math font artificially
 * (there is no double-struck, script or fraktur in CSS at all), while the math fonts browsers draw
 * MathML with (Cambria Math, STIX Two Math, Latin Modern Math, ...) have glyphs for all of these
 * characters, the same in every browser, and a screen reader reads them as such ("bold v").
 *
 * A font is given by the first code point of its capital A and of its digit zero (0: the font has
 * no digits), the letters Unicode encodes elsewhere, each followed by its character, and the first
 * code point (capital Alpha) of the Greek alphabet for capital and for small Greek letters (none:
 * they stay as they are, as TeX's \mathbf leaves small Greek letters).
 */
type Font = [latin: number, digits: number, holes?: string, capitalGreek?: number, smallGreek?: number];
const BOLD_SYMBOL: Font = [0x1d468, 0x1d7ce, '', 0x1d6a8, 0x1d71c];
const SCRIPT: Font = [0x1d49c, 0, 'BℬEℰFℱHℋIℐLℒMℳRℛeℯgℊoℴ'];
const FONTS: Record<string, Font> = {
  mathbf: [0x1d400, 0x1d7ce, '', 0x1d6a8],
  boldsymbol: BOLD_SYMBOL,
  bm: BOLD_SYMBOL,
  mathit: [0x1d434, 0, 'hℎ'],
  mathbb: [0x1d538, 0x1d7d8, 'CℂHℍNℕPℙQℚRℝZℤ'],
  mathcal: SCRIPT,
  mathscr: SCRIPT,
  mathfrak: [0x1d504, 0, 'CℭHℌIℑRℜZℨ'],
  mathsf: [0x1d5a0, 0x1d7e2],
  mathtt: [0x1d670, 0x1d7f6],
};

/** A character in a font: letters, digits and Greek letters it has; anything else as it is. */
function inFont(c: string, [latin, digits, holes = '', capitalGreek, smallGreek]: Font): string {
  const hole = holes.indexOf(c);
  if (hole >= 0 && hole % 2 === 0) return holes[hole + 1];
  const code = c.charCodeAt(0);
  const variant = 'ϵϑϰϕϱϖ'.indexOf(c);
  const at =
    c >= 'A' && c <= 'Z' ? latin + code - 65
    : c >= 'a' && c <= 'z' ? latin + code - 71
    : c >= '0' && c <= '9' ? digits && digits + code - 48
    : code >= 0x391 && code <= 0x3a9 ? capitalGreek && capitalGreek + code - 0x391
    : c === '∇' ? capitalGreek && capitalGreek + 25
    : code >= 0x3b1 && code <= 0x3c9 ? smallGreek && smallGreek + code - 0x3b1 + 26
    : c === '∂' ? smallGreek && smallGreek + 51
    : variant >= 0 ? smallGreek && smallGreek + 52 + variant
    : 0;
  return at ? String.fromCodePoint(at) : c;
}

/** Sets the identifiers and numbers in a subtree in a font. */
function restyle(node: Element, font: Font): Element {
  for (const child of node.children) {
    if (child.type === 'element') restyle(child, font);
    else if (child.type === 'text' && (node.tagName === 'mi' || node.tagName === 'mn')) child.value = Array.from(child.value, (c) => inFont(c, font)).join('');
  }
  return node;
}

/** Sets the identifiers in a subtree upright (\mathrm). */
function upright(node: Element): Element {
  if (node.tagName === 'mi') node.properties.mathvariant = 'normal';
  for (const child of node.children) if (child.type === 'element') upright(child);
  return node;
}

/** Characters that stand for themselves as operators (minus becomes the minus sign). */
const CHAR_OPERATORS: Record<string, string> = {
  '+': '+', '-': '−', '=': '=', '<': '<', '>': '>', '(': '(', ')': ')', '[': '[', ']': ']', '|': '|', ',': ',',
  ';': ';', ':': ':', '!': '!', '/': '/', '*': '∗', '.': '.', '?': '?',
};

/** What an atom is: its node, whether it takes limits (undefined: not an operator) and whether it is a function. */
type Atom = { node: Element; limits?: boolean; fn?: boolean };

class Parser {
  private at = 0;
  private depth = 0;
  /** How many \left…\right groups are open, for \middle. */
  private fences = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly source: string,
    private readonly display: boolean,
  ) {}

  done() {
    return this.at >= this.tokens.length;
  }

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  private next(): Token {
    const t = this.tokens[this.at++];
    if (!t) unsupported();
    return t;
  }

  private isChar(value: string, t = this.peek()) {
    return t?.kind === 'char' && t.value === value;
  }

  private isCommand(name: string, t = this.peek()) {
    return t?.kind === 'command' && t.name === name;
  }

  /** Whether the formula, a group, a table cell or a \left…\right group ends here. */
  private ends(t = this.peek()) {
    return !t || this.isChar('}', t) || this.isChar('&', t) || this.isCommand('right', t) || this.isCommand('end', t) || this.isCommand('\\', t);
  }

  /** Atoms up to the end, a closing brace, a cell's end, or \right. */
  expression(): Element[] {
    if (++this.depth > MAX_DEPTH) unsupported();
    const items: Element[] = [];
    while (!this.ends()) {
      const t = this.peek()!;
      // \displaystyle, \color{red} and their kin apply to the rest of the group.
      if (t.kind === 'command' && (t.name in STYLES || t.name === 'color')) {
        this.next();
        items.push(el('mstyle', t.name === 'color' ? { mathcolor: this.color() } : { ...STYLES[t.name] }, this.expression()));
        break;
      }
      const { node, fn } = this.scripted();
      items.push(node);
      // A named function is followed by a thin space (none before a parenthesis or bracket), as in
      // TeX: MathML spaces only around operators, so the space is that of an invisible function application.
      if (fn && !this.ends()) items.push(mo('\u2061', { lspace: '0', rspace: this.isChar('(') || this.isChar('[') ? '0' : '0.1667em' }));
    }
    this.depth--;
    return items;
  }

  /** An atom with its sub- and superscripts. */
  private scripted(): Atom {
    const { node, fn, limits: taken } = this.atom();
    let limits = taken;
    let sub: Element | undefined;
    let sup: Element | undefined;
    for (;;) {
      const t = this.peek();
      if (this.isCommand('limits', t) || this.isCommand('nolimits', t)) {
        // After an operator only; \limits puts its limits below and above even in text style.
        if (limits === undefined || sub || sup) unsupported();
        this.next();
        limits = this.isCommand('limits', t);
        if (node.tagName === 'mo') node.properties.movablelimits = 'false';
      } else if (this.isChar('_', t) && !sub) {
        this.next();
        sub = this.argument();
      } else if (this.isChar('^', t) && !sup) {
        this.next();
        sup = this.argument();
      } else if (this.isChar('_', t) || this.isChar('^', t)) {
        return unsupported();
      } else break;
    }
    if (!sub && !sup) return { node, fn };
    if (limits) {
      if (sub && sup) return { node: el('munderover', {}, [node, sub, sup]), fn };
      return { node: sub ? el('munder', {}, [node, sub]) : el('mover', {}, [node, sup!]), fn };
    }
    if (sub && sup) return { node: el('msubsup', {}, [node, sub, sup]), fn };
    return { node: sub ? el('msub', {}, [node, sub]) : el('msup', {}, [node, sup!]), fn };
  }

  /** A script or a command's argument: a braced group or a single atom without scripts. */
  private argument(): Element {
    if (this.isChar('{')) return this.group();
    const t = this.peek();
    if (t?.kind === 'number') {
      // TeX takes one digit: x^23 is x² followed by 3.
      this.next();
      if (t.value.length > 1) this.tokens.splice(this.at, 0, { kind: 'number', value: t.value.slice(1), start: t.start + 1, end: t.end });
      return el('mn', {}, [text(t.value[0])]);
    }
    if (this.isChar('_') || this.isChar('^') || this.ends()) return unsupported();
    return this.atom().node;
  }

  /** A braced group: an ordinary atom in TeX, so a lone operator in it loses its spacing ({,} in 1{,}000). */
  private group(): Element {
    this.next();
    const items = this.expression();
    if (!this.isChar('}')) unsupported();
    this.next();
    if (items.length === 1 && items[0].tagName === 'mo') return mo(textOf(items[0]), { lspace: '0', rspace: '0' });
    return items.length === 1 ? items[0] : el('mrow', {}, items);
  }

  /** An optional argument in brackets, as the index of \sqrt[3]{x}. */
  private optional(): Element | undefined {
    if (!this.isChar('[')) return undefined;
    this.next();
    const items: Element[] = [];
    while (!this.isChar(']')) {
      if (this.ends()) unsupported();
      items.push(this.scripted().node);
    }
    this.next();
    return row(items);
  }

  private atom(): Atom {
    const t = this.next();
    if (t.kind === 'number') return { node: el('mn', {}, [text(t.value)]) };
    if (t.kind === 'char') {
      if (t.value === '{') {
        this.at--;
        return { node: this.group() };
      }
      if (/^[a-zA-Z]$/.test(t.value)) return { node: mi(t.value) };
      if (t.value === "'") return { node: mo('′', { lspace: '0', rspace: '0' }) };
      const op = CHAR_OPERATORS[t.value];
      if (op) return { node: '()[]|'.includes(op) ? unstretched(op) : mo(op) };
      return unsupported();
    }
    return this.command(t.name);
  }

  private command(name: string): Atom {
    if (name in GREEK) return { node: mi(GREEK[name]) };
    if (name in CAPITAL_GREEK) return { node: mi(CAPITAL_GREEK[name], { mathvariant: 'normal' }) };
    if (name in SYMBOLS) return { node: mi(SYMBOLS[name]) };
    if (name in OPERATORS) return { node: mo(OPERATORS[name]) };
    // \langle, \lvert, \lfloor, ... outside \left…\right (single characters are other commands).
    if (name.length > 1 && name in DELIMITERS) return { node: unstretched(DELIMITERS[name]) };
    if (name in LARGE_OPERATORS) {
      const integral = name.endsWith('int');
      return { node: mo(LARGE_OPERATORS[name], integral ? {} : { movablelimits: 'true' }), limits: !integral };
    }
    if (name in FUNCTIONS) {
      const limits = FUNCTIONS[name];
      return { node: limits ? mo(name, { movablelimits: 'true' }) : mi(name), limits, fn: true };
    }
    if (name in SPACES) return { node: space(SPACES[name]) };
    if (name === ' ' || name === '~') return { node: el('mtext', {}, [text('\u00a0')]) };
    if (name === '{' || name === '}' || name === '%' || name === '$' || name === '#' || name === '&' || name === '_') {
      return { node: name === '{' || name === '}' ? unstretched(name) : mo(name, { lspace: '0', rspace: '0' }) };
    }
    if (name === '|') return { node: unstretched('‖') };
    if (/^[dtc]?frac$|^[dt]?binom$/.test(name)) {
      // \cfrac[l] aligns its numerator to one side: KaTeX's.
      if (name === 'cfrac' && this.isChar('[')) unsupported();
      const binom = name.endsWith('binom');
      let node = el('mfrac', binom ? { linethickness: '0' } : {}, [this.argument(), this.argument()]);
      if (binom) node = el('mrow', {}, [...fence('('), node, ...fence(')')]);
      // \dfrac and \cfrac are in display style, \tfrac in text style, whatever the style around them.
      const style = name[0] === 'd' || name[0] === 'c' ? STYLES.displaystyle : name[0] === 't' ? STYLES.textstyle : undefined;
      return { node: style ? el('mstyle', { ...style }, [node]) : node };
    }
    if (name === 'sqrt') {
      const index = this.optional();
      const radicand = this.argument();
      return { node: index ? el('mroot', {}, [radicand, index]) : el('msqrt', {}, [radicand]) };
    }
    if (name in ACCENTS) {
      const stretchy = name.startsWith('over') || name.startsWith('wide') ? 'true' : 'false';
      return { node: el('mover', { accent: 'true' }, [this.argument(), mo(ACCENTS[name], { stretchy })]) };
    }
    // Drawn as a border (mathmlStyles).
    if (name === 'overline' || name === 'underline') return { node: el('mrow', { className: `tex-${name}` }, [this.argument()]) };
    // A brace's label is a script below or above it, as for a sum in display style.
    if (name === 'overbrace') return { node: el('mover', { accent: 'true' }, [this.argument(), mo('⏞', { stretchy: 'true' })]), limits: true };
    if (name === 'underbrace') return { node: el('munder', { accentunder: 'true' }, [this.argument(), mo('⏟', { stretchy: 'true' })]), limits: true };
    if (name === 'overset' || name === 'underset' || name === 'stackrel') {
      const script = this.argument();
      const base = this.argument();
      // A relation stays one ({=} in a group would lose its spacing).
      if (base.tagName === 'mo') base.properties = {};
      return { node: el(name === 'underset' ? 'munder' : 'mover', {}, [base, script]) };
    }
    if (name in X_ARROWS) {
      // The arrow stretches to its labels, with some room on each side of them.
      const label = (node: Element) => el('mrow', {}, [space('0.4em'), node, space('0.4em')]);
      const below = this.optional();
      const above = label(this.argument());
      const arrow = mo(X_ARROWS[name], { stretchy: 'true' });
      return { node: below ? el('munderover', {}, [arrow, label(below), above]) : el('mover', {}, [arrow, above]) };
    }
    if (name === 'not') {
      const op = this.atom().node;
      const negated = textOf(op);
      const i = op.tagName === 'mo' && negated.length === 1 ? NEGATIONS.indexOf(negated) : -1;
      if (i < 0 || i % 2) unsupported();
      return { node: mo(NEGATIONS[i + 1]) };
    }
    if (name === 'pmod' || name === 'mod') {
      const modulus = [mi('mod'), space('0.3333em'), this.argument()];
      return {
        node: el('mrow', {}, [space(this.display ? '1em' : '0.4444em'), ...(name === 'pmod' ? [unstretched('('), ...modulus, unstretched(')')] : modulus)]),
      };
    }
    if (name === 'left') {
      const open = this.delimiter();
      this.fences++;
      const body = this.expression();
      this.fences--;
      if (!this.isCommand('right')) unsupported();
      this.next();
      return { node: el('mrow', {}, [...fence(open), ...body, ...fence(this.delimiter())]) };
    }
    if (name === 'middle') {
      // Only between \left and \right, and never empty.
      if (!this.fences) unsupported();
      return { node: mo(this.delimiter() || unsupported(), { stretchy: 'true' }) };
    }
    const big = /^([bB]igg?)[lmr]?$/.exec(name);
    if (big) {
      const d = this.delimiter();
      return { node: d ? mo(d, { stretchy: 'true', minsize: BIG[big[1]], maxsize: BIG[big[1]] }) : el('mrow', {}, []) };
    }
    // Token elements trim their spaces: the spaces of \text are kept as no-break spaces.
    if (name in TEXT) return { node: el('mtext', TEXT[name] ? { className: `tex-${TEXT[name]}` } : {}, [text(this.rawText().replace(/ /g, '\u00a0'))]) };
    if (name === 'mathrm') {
      // A name (kg, d, Var) is one identifier; anything else (m/s, H_2O) has its letters upright.
      if (/^\{[a-zA-Z0-9 ]+\}/.test(this.source.slice(this.peek()?.start ?? this.source.length))) return { node: mi(this.word(), { mathvariant: 'normal' }) };
      return { node: upright(this.argument()) };
    }
    if (name === 'operatorname') {
      const limits = this.isChar('*');
      if (limits) this.next();
      const word = this.word();
      return { node: limits ? mo(word, { movablelimits: 'true' }) : mi(word, { mathvariant: 'normal' }), limits, fn: true };
    }
    if (name in FONTS) return { node: restyle(this.argument(), FONTS[name]) };
    if (name in CLASSES) {
      const arg = this.argument();
      const gap = CLASSES[name];
      if (arg.tagName === 'mo') return { node: mo(textOf(arg), { lspace: gap, rspace: gap }) };
      return { node: gap === '0' ? arg : el('mrow', {}, [space(gap), arg, space(gap)]) };
    }
    if (name === 'mathop') {
      // An operator's name, upright: \mathop{\mathrm{argmax}}_x takes limits as \max does.
      const arg = this.argument();
      const word = textOf(arg);
      if (!(arg.tagName === 'mo' || (arg.tagName === 'mi' && (word.length > 1 || arg.properties.mathvariant === 'normal')))) {
        unsupported();
      }
      return { node: mo(word, { movablelimits: 'true' }), limits: true, fn: arg.tagName === 'mi' };
    }
    if (name === 'boxed') return { node: el('mrow', { className: 'tex-boxed' }, [this.argument()]) };
    if (name === 'textcolor') return { node: el('mstyle', { mathcolor: this.color() }, [this.argument()]) };
    if (name === 'phantom') return { node: el('mphantom', {}, [this.argument()]) };
    if (name === 'vphantom') return { node: el('mpadded', { width: '0' }, [el('mphantom', {}, [this.argument()])]) };
    if (name === 'begin') return { node: this.environment() };
    return unsupported();
  }

  /** An environment after its \begin, up to its \end: a table of cells separated by & and rows by \\. */
  private environment(): Element {
    const name = this.rawText();
    if (!Object.hasOwn(ENVIRONMENTS, name) || (name.endsWith('*') && !this.display)) unsupported();
    const [open, close] = ENVIRONMENTS[name];
    let [, , align] = ENVIRONMENTS[name];
    // An array's column spec: l, c and r, with | for a line between columns (or before or after them).
    const lines: boolean[] = [];
    if (name === 'array') {
      for (const c of this.rawText().replace(/ /g, '')) {
        if (c === '|' && !lines[align.length]) lines[align.length] = true;
        else if ('lcr'.includes(c)) align += c;
        else unsupported(); // ||, p{…}, @{…}, *{…}
      }
      if (!align) unsupported();
    }
    const cell = (j: number, items: Element[]) => {
      if (name === 'array' && j >= align.length) unsupported();
      const a = align === 'rl' ? 'rl'[j % 2] : align[Math.min(j, align.length - 1)];
      const classes: string[] = [];
      if (a !== 'c') classes.push(`tex-${a}`);
      // In align, each right-aligned column meets its left-aligned one without a gap; pairs are 2em apart.
      if (align === 'rl') classes.push(j % 2 || !j ? 'tex-tight' : 'tex-pair');
      if (lines[j]) classes.push('tex-line');
      if (lines[j + 1] && j === align.length - 1) classes.push('tex-last');
      return el('mtd', classes.length ? { className: classes.join(' ') } : {}, items);
    };
    const rows: Element[][] = [];
    let cells: Element[] = [];
    for (;;) {
      cells.push(cell(cells.length, this.expression()));
      const t = this.next();
      if (this.isChar('&', t)) continue;
      if (this.isCommand('\\', t)) {
        // \\[2pt] and \\* go to KaTeX.
        if (this.isChar('[') || this.isChar('*')) unsupported();
        rows.push(cells);
        cells = [];
        continue;
      }
      if (!this.isCommand('end', t) || this.rawText() !== name) unsupported();
      break;
    }
    // A \\ before \end makes no empty row.
    if (cells.length > 1 || cells[0].children.length || !rows.length) rows.push(cells);
    // An array's rows have all its columns, so that its lines run the whole height.
    if (name === 'array') for (const r of rows) while (r.length < align.length) r.push(cell(r.length, []));
    let table = el('mtable', /^(align|gather)/.test(name) ? { displaystyle: 'true' } : {}, rows.map((r) => el('mtr', {}, r)));
    if (name === 'smallmatrix') table = el('mstyle', { scriptlevel: '1' }, [table]);
    return open || close ? el('mrow', {}, [...fence(open), table, ...fence(close)]) : table;
  }

  /** A delimiter after \left, \right, \middle or \big. */
  private delimiter(): string {
    const t = this.next();
    const key = t.kind === 'command' ? (t.name === '|' ? '|cmd' : t.name) : t.kind === 'char' ? t.value : '';
    if (!(key in DELIMITERS)) unsupported();
    return DELIMITERS[key];
  }

  /** A colour's name or #rgb / #rrggbb value, in braces (xcolor's expressions such as red!50 go to KaTeX). */
  private color(): string {
    const color = this.rawText();
    if (!/^([a-z]+|#[0-9a-f]{3}|#[0-9a-f]{6})$/i.test(color)) unsupported();
    return color;
  }

  /** The letters and digits of a braced argument, spaces dropped (\mathrm, \operatorname). */
  private word(): string {
    const word = this.rawText();
    if (!/^[a-zA-Z0-9 ]+$/.test(word)) unsupported();
    return word.replace(/ /g, '');
  }

  /** The text of a braced argument as written, spaces kept (for \\text): no commands, dollars or nested braces. */
  private rawText(): string {
    if (!this.isChar('{')) return unsupported();
    const open = this.next();
    for (;;) {
      const t = this.next();
      if (t.kind === 'char' && t.value === '}') return this.source.slice(open.end, t.start);
      if (t.kind === 'command' || (t.kind === 'char' && (t.value === '{' || t.value === '$'))) unsupported();
    }
  }
}

const textOf = (node: Element): string => node.children.map((c) => (c.type === 'text' ? c.value : '')).join('');
