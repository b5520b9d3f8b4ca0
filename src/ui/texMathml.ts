import type { Element, ElementContent } from 'hast';

/**
 * A small TeX-to-MathML translator for the math exam texts use most: numbers, letters, operators and
 * relations, Greek letters, named functions (log, sin, lim, ...), sub- and superscripts, \frac,
 * \sqrt, \binom, \left…\right, accents (\bar, \hat, \vec, ...), spacing, \text and \mathrm. The
 * browser typesets the MathML itself (every current browser does), so a formula needs no script,
 * stylesheet or font of its own. Anything else (environments, \\, &, \mathbf, macros, unknown
 * commands, or a formula over MAX_LENGTH characters) makes it return null, and the caller typesets
 * the text with KaTeX instead.
 */
export function texToMathml(tex: string, display: boolean): Element | null {
  if (tex.length > MAX_LENGTH) return null;
  try {
    const parser = new Parser(tokenize(tex), tex);
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

/** Longer formulas go to KaTeX: they are rarely simple, and this keeps the work per formula small. */
export const MAX_LENGTH = 1000;
/** Deeper nesting than this goes to KaTeX too. */
const MAX_DEPTH = 20;

class Unsupported extends Error {}
const unsupported = (what: string): never => {
  throw new Unsupported(what);
};

type Props = Record<string, string>;
const el = (tagName: string, properties: Props, children: ElementContent[]): Element => ({ type: 'element', tagName, properties, children });
const text = (value: string) => ({ type: 'text' as const, value });
const row = (items: Element[]): Element => (items.length === 1 ? items[0] : el('mrow', {}, items));
const mo = (op: string, props: Props = {}) => el('mo', props, [text(op)]);
const mi = (name: string, props: Props = {}) => el('mi', props, [text(name)]);

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
        tokens.push({ kind: 'command', name: word[0], start: i, end: i + 1 + word[0].length });
        i += 1 + word[0].length;
      } else {
        if (i + 1 >= tex.length) unsupported('a lone backslash');
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
const SYMBOLS: Record<string, string> = { infty: '∞', partial: '∂', nabla: '∇', emptyset: '∅', varnothing: '∅', ell: 'ℓ', hbar: 'ℏ', aleph: 'ℵ', prime: '′' };
const OPERATORS: Record<string, string> = {
  cdot: '⋅', times: '×', div: '÷', pm: '±', mp: '∓', ast: '∗', star: '⋆', circ: '∘', bullet: '∙', oplus: '⊕', otimes: '⊗',
  le: '≤', leq: '≤', ge: '≥', geq: '≥', ne: '≠', neq: '≠', ll: '≪', gg: '≫', approx: '≈', equiv: '≡', sim: '∼', simeq: '≃',
  cong: '≅', propto: '∝', to: '→', rightarrow: '→', leftarrow: '←', gets: '←', leftrightarrow: '↔', Rightarrow: '⇒',
  Leftarrow: '⇐', Leftrightarrow: '⇔', implies: '⟹', iff: '⟺', mapsto: '↦', in: '∈', notin: '∉', ni: '∋',
  subset: '⊂', subseteq: '⊆', supset: '⊃', supseteq: '⊇', cup: '∪', cap: '∩', setminus: '∖', forall: '∀', exists: '∃',
  neg: '¬', lnot: '¬', land: '∧', wedge: '∧', lor: '∨', vee: '∨', mid: '∣', parallel: '∥', perp: '⊥', angle: '∠',
  ldots: '…', dots: '…', cdots: '⋯', vdots: '⋮', ddots: '⋱', colon: ':', bmod: 'mod',
};
const LARGE_OPERATORS: Record<string, string> = { sum: '∑', prod: '∏', coprod: '∐', bigcup: '⋃', bigcap: '⋂', int: '∫', iint: '∬', oint: '∮' };
/** Named functions; those marked true take their sub- and superscripts as limits below and above. */
const FUNCTIONS: Record<string, boolean> = {
  log: false, ln: false, lg: false, exp: false, sin: false, cos: false, tan: false, cot: false, sec: false, csc: false,
  arcsin: false, arccos: false, arctan: false, sinh: false, cosh: false, tanh: false, deg: false, dim: false, ker: false,
  arg: false, hom: false, gcd: true, det: true, Pr: true, lim: true, max: true, min: true, sup: true, inf: true,
  liminf: true, limsup: true,
};
const DELIMITERS: Record<string, string> = {
  '(': '(', ')': ')', '[': '[', ']': ']', '|': '|', '/': '/', '.': '', lbrace: '{', rbrace: '}', '{': '{', '}': '}',
  '|cmd': '‖', langle: '⟨', rangle: '⟩', lfloor: '⌊', rfloor: '⌋', lceil: '⌈', rceil: '⌉', vert: '|', Vert: '‖',
};
const ACCENTS: Record<string, string> = { bar: '¯', overline: '¯', hat: '^', widehat: '^', vec: '→', dot: '˙', ddot: '¨', tilde: '~', widetilde: '~' };
const SPACES: Record<string, string> = { ',': '0.1667em', ':': '0.2222em', '>': '0.2222em', ';': '0.2778em', '!': '-0.1667em', quad: '1em', qquad: '2em' };
/** Characters that stand for themselves as operators (minus becomes the minus sign). */
const CHAR_OPERATORS: Record<string, string> = {
  '+': '+', '-': '−', '=': '=', '<': '<', '>': '>', '(': '(', ')': ')', '[': '[', ']': ']', '|': '|', ',': ',',
  ';': ';', ':': ':', '!': '!', '/': '/', '*': '∗', '.': '.', '?': '?',
};

class Parser {
  private at = 0;
  private depth = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly source: string,
  ) {}

  done() {
    return this.at >= this.tokens.length;
  }

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  private next(): Token {
    const t = this.tokens[this.at++];
    if (!t) unsupported('an unfinished formula');
    return t;
  }

  private isChar(value: string, t = this.peek()) {
    return t?.kind === 'char' && t.value === value;
  }

  /** Atoms up to the end, a closing brace, or \right. */
  expression(): Element[] {
    if (++this.depth > MAX_DEPTH) unsupported('deep nesting');
    const items: Element[] = [];
    for (let t = this.peek(); t && !this.isChar('}', t) && !(t.kind === 'command' && t.name === 'right'); t = this.peek()) {
      const start = this.at;
      items.push(this.scripted());
      // A named function is followed by a thin space (none before a parenthesis), as in TeX: MathML
      // spaces only around operators, so the space is that of an invisible function application.
      const first = this.tokens[start];
      if (first.kind === 'command' && first.name in FUNCTIONS && this.peek()) {
        items.push(mo('\u2061', { lspace: '0', rspace: this.isChar('(') ? '0' : '0.1667em' }));
      }
    }
    this.depth--;
    return items;
  }

  /** An atom with its sub- and superscripts. */
  private scripted(): Element {
    const { node, limits } = this.atom();
    let sub: Element | undefined;
    let sup: Element | undefined;
    for (;;) {
      if (this.isChar('_') && !sub) {
        this.next();
        sub = this.argument();
      } else if (this.isChar('^') && !sup) {
        this.next();
        sup = this.argument();
      } else if (this.isChar('_') || this.isChar('^')) {
        return unsupported('a double script');
      } else break;
    }
    if (!sub && !sup) return node;
    if (limits) {
      if (sub && sup) return el('munderover', {}, [node, sub, sup]);
      return sub ? el('munder', {}, [node, sub]) : el('mover', {}, [node, sup!]);
    }
    if (sub && sup) return el('msubsup', {}, [node, sub, sup]);
    return sub ? el('msub', {}, [node, sub]) : el('msup', {}, [node, sup!]);
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
    if (this.isChar('_') || this.isChar('^') || this.isChar('}') || !t) return unsupported('a missing argument');
    return this.atom().node;
  }

  /** A braced group: an ordinary atom in TeX, so a lone operator in it loses its spacing ({,} in 1{,}000). */
  private group(): Element {
    this.next();
    const items = this.expression();
    if (!this.isChar('}')) unsupported('an unclosed brace');
    this.next();
    if (items.length === 1 && items[0].tagName === 'mo') return mo(textOf(items[0]), { lspace: '0', rspace: '0' });
    return items.length === 1 ? items[0] : el('mrow', {}, items);
  }

  private atom(): { node: Element; limits?: boolean } {
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
      if (op) return { node: mo(op) };
      return unsupported(`the character ${t.value}`);
    }
    return this.command(t.name);
  }

  private command(name: string): { node: Element; limits?: boolean } {
    if (name in GREEK) return { node: mi(GREEK[name]) };
    if (name in CAPITAL_GREEK) return { node: mi(CAPITAL_GREEK[name], { mathvariant: 'normal' }) };
    if (name in SYMBOLS) return { node: mi(SYMBOLS[name]) };
    if (name in OPERATORS) return { node: mo(OPERATORS[name]) };
    if (name in LARGE_OPERATORS) {
      const integral = name.endsWith('int');
      return { node: mo(LARGE_OPERATORS[name], integral ? {} : { movablelimits: 'true' }), limits: !integral };
    }
    if (name in FUNCTIONS) {
      const limits = FUNCTIONS[name];
      return { node: limits ? mo(name, { movablelimits: 'true' }) : mi(name), limits };
    }
    if (name in SPACES) return { node: el('mspace', { width: SPACES[name] }, []) };
    if (name === ' ' || name === '~') return { node: el('mtext', {}, [text('\u00a0')]) };
    if (name === '{' || name === '}' || name === '%' || name === '$' || name === '#' || name === '&' || name === '_') {
      return { node: mo(name, name === '{' || name === '}' ? {} : { lspace: '0', rspace: '0' }) };
    }
    if (name === '|') return { node: mo('‖') };
    if (name === 'frac' || name === 'dfrac' || name === 'tfrac') return { node: el('mfrac', {}, [this.argument(), this.argument()]) };
    if (name === 'binom') {
      const [n, k] = [this.argument(), this.argument()];
      return { node: el('mrow', {}, [mo('('), el('mfrac', { linethickness: '0' }, [n, k]), mo(')')]) };
    }
    if (name === 'sqrt') {
      if (this.isChar('[')) {
        this.next();
        const index: Element[] = [];
        while (!this.isChar(']')) {
          if (this.done()) unsupported('an unclosed root index');
          index.push(this.scripted());
        }
        this.next();
        return { node: el('mroot', {}, [this.argument(), row(index)]) };
      }
      return { node: el('msqrt', {}, [this.argument()]) };
    }
    if (name in ACCENTS) {
      const stretchy = name === 'overline' || name.startsWith('wide') ? 'true' : 'false';
      return { node: el('mover', { accent: 'true' }, [this.argument(), mo(ACCENTS[name], { stretchy })]) };
    }
    if (name === 'left') {
      const open = this.delimiter();
      const body = this.expression();
      const t = this.next();
      if (t.kind !== 'command' || t.name !== 'right') unsupported('\\left without \\right');
      const close = this.delimiter();
      const fence = (d: string) => (d ? [mo(d, { fence: 'true', stretchy: 'true' })] : []);
      return { node: el('mrow', {}, [...fence(open), ...body, ...fence(close)]) };
    }
    // Token elements trim their spaces: the spaces of \text are kept as no-break spaces.
    if (name === 'text' || name === 'textrm' || name === 'mbox') return { node: el('mtext', {}, [text(this.rawText().replace(/ /g, '\u00a0'))]) };
    if (name === 'mathrm' || name === 'operatorname') {
      const word = this.rawText();
      if (!/^[a-zA-Z0-9 ]+$/.test(word)) unsupported('\\mathrm of more than letters and digits');
      return { node: mi(word.replace(/ /g, ''), { mathvariant: 'normal' }) };
    }
    return unsupported(`\\${name}`);
  }

  /** A delimiter after \left or \right. */
  private delimiter(): string {
    const t = this.next();
    const key = t.kind === 'command' ? (t.name === '|' ? '|cmd' : t.name) : t.kind === 'char' ? t.value : '';
    if (!(key in DELIMITERS)) unsupported('an unknown delimiter');
    return DELIMITERS[key];
  }

  /** The text of a braced argument as written, spaces kept (for \\text): no commands, dollars or nested braces. */
  private rawText(): string {
    if (!this.isChar('{')) return unsupported('\\text without braces');
    const open = this.next();
    for (;;) {
      const t = this.next();
      if (t.kind === 'char' && t.value === '}') return this.source.slice(open.end, t.start);
      if (t.kind === 'command' || (t.kind === 'char' && (t.value === '{' || t.value === '$'))) unsupported('a command or brace inside \\text');
    }
  }
}

const textOf = (node: Element): string => node.children.map((c) => (c.type === 'text' ? c.value : '')).join('');
