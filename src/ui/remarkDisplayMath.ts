import type { Paragraph, Parent, PhrasingContent, Root, RootContent } from 'mdast';
import type { Math as DisplayMath, InlineMath } from 'mdast-util-math';

/**
 * remark-math reads `$$…$$` written on one line as inline math (only a `$$` fence on a line of its
 * own, with the formula on the lines between, is display math), so a formula a teacher puts on a
 * line of its own as `$$x^2$$` came out inline and in text size. This remark plugin, run after
 * remark-math, makes such a formula display math: a `$$…$$` that is alone on its line (the rest
 * of the line blank) becomes a display block, splitting its paragraph around it. `$…$` and a
 * `$$…$$` inside a sentence stay inline.
 */
export function remarkDisplayMath() {
  return (tree: Root, file: { value?: unknown }) => {
    const source = typeof file.value === 'string' ? file.value : String(file.value ?? '');
    const fencedByTwo = (node: InlineMath) => {
      const at = node.position?.start.offset;
      return at !== undefined && source.startsWith('$$', at);
    };
    walk(tree, (paragraph) => splitParagraph(paragraph, fencedByTwo));
  };
}

/** Calls `split` on every paragraph and puts what it returns in the paragraph's place. */
function walk(parent: Parent, split: (p: Paragraph) => RootContent[] | undefined) {
  const children = parent.children as RootContent[];
  for (let i = 0; i < children.length; i++) {
    const node = children[i];
    if (node.type === 'paragraph') {
      const parts = split(node);
      if (parts) {
        children.splice(i, 1, ...parts);
        i += parts.length - 1;
      }
    } else if ('children' in node) walk(node, split);
  }
}

const displayMath = (value: string): DisplayMath => ({
  type: 'math',
  value,
  data: {
    hName: 'pre',
    hChildren: [{ type: 'element', tagName: 'code', properties: { className: ['language-math', 'math-display'] }, children: [{ type: 'text', value }] }],
  },
});

/** The text before a node ends its line (or there is none), and the text after it starts a new one. */
const aloneOnLine = (before: PhrasingContent | undefined, after: PhrasingContent | undefined) =>
  (before === undefined || (before.type === 'text' && /\n[ \t]*$/.test(before.value)) || before.type === 'break') &&
  (after === undefined || (after.type === 'text' && /^[ \t]*\n/.test(after.value)) || after.type === 'break');

/** Drops the line ending (a text's blank edge or a hard break) at the start and the end of a run. */
function trimRun(run: PhrasingContent[]): PhrasingContent[] {
  const out = [...run];
  if (out[0]?.type === 'break') out.shift();
  if (out.at(-1)?.type === 'break') out.pop();
  const first = out[0];
  if (first?.type === 'text') out[0] = { ...first, value: first.value.replace(/^\s+/, '') };
  const last = out.at(-1);
  if (last?.type === 'text') out[out.length - 1] = { ...last, value: last.value.replace(/\s+$/, '') };
  return out.filter((k) => !(k.type === 'text' && k.value === ''));
}

/** The paragraph's parts around each `$$…$$` alone on its line, or undefined when there is none. */
function splitParagraph(paragraph: Paragraph, fencedByTwo: (node: InlineMath) => boolean): RootContent[] | undefined {
  const kids = paragraph.children;
  const parts: RootContent[] = [];
  let run: PhrasingContent[] = [];
  let changed = false;
  const flush = () => {
    const kept = trimRun(run);
    if (kept.length) parts.push({ type: 'paragraph', children: kept });
    run = [];
  };
  kids.forEach((k, j) => {
    if (k.type === 'inlineMath' && fencedByTwo(k) && aloneOnLine(kids[j - 1], kids[j + 1])) {
      flush();
      parts.push(displayMath(k.value));
      changed = true;
    } else run.push(k);
  });
  if (!changed) return undefined;
  flush();
  return parts;
}
