import { useEffect, useRef, useState } from 'react';
import ReactMarkdown, { type Options } from 'react-markdown';
import Box from '@mui/material/Box';
import { QuestionImage } from './QuestionImage';

/** Whether a text may hold math: remark-math's syntax is $…$ (inline) and $$…$$ (display). */
export const mayHaveMath = (text: string) => text.includes('$');

/** A chunk loaded once; a failed load (offline) is tried again on the next call. */
function lazyOnce<T>(load: () => Promise<T>) {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    current: () => value,
    load(): Promise<T> {
      loading ??= load().then(
        (v) => (value = v),
        (err: unknown) => {
          loading = undefined;
          throw err;
        },
      );
      return loading;
    },
  };
}

/** The small TeX-to-MathML translator and remark-math: what most texts with math need. */
const lightMath = lazyOnce(() => import('./markdownMathLight').then((m) => m.lightMathPlugins));
/** KaTeX with its stylesheet (and so its fonts): for the formulas the translator cannot handle. */
const katexMath = lazyOnce(() => import('./markdownMath').then((m) => m.mathPlugins));

/**
 * A lazily loaded chunk once it is there, when `needed`. Until then (and while offline, when the
 * chunk cannot be fetched) undefined; the load is tried again when the browser is back online.
 */
function useLazy<T>(needed: boolean, chunk: ReturnType<typeof lazyOnce<T>>): T | undefined {
  const [value, setValue] = useState(chunk.current);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!needed || value) return;
    let live = true;
    const retry = () => live && setAttempt((n) => n + 1);
    chunk.load().then(
      (v) => live && setValue(() => v),
      () => window.addEventListener('online', retry, { once: true }),
    );
    return () => {
      live = false;
      window.removeEventListener('online', retry);
    };
  }, [needed, value, attempt, chunk]);
  return needed ? value : undefined;
}

/**
 * The plugins that typeset a text's math. A text with math is first typeset as MathML by the small
 * translator (the browser draws it: no script, stylesheet or font of its own); when one of its
 * formulas is beyond the translator, the whole text is typeset with KaTeX instead, so that one text
 * never mixes the two. Until a chunk has loaded, the text is shown with its math as TeX.
 */
function useMathPlugins(text: string): { remarkPlugins: unknown[]; rehypePlugins: unknown[]; styles?: object } | undefined {
  const hasMath = mayHaveMath(text);
  // The text whose formulas the translator could not all handle.
  const [katexFor, setKatexFor] = useState<string>();
  const unsupportedIn = useRef<string | undefined>(undefined);
  const light = useLazy(hasMath, lightMath);
  const katex = useLazy(hasMath && katexFor === text, katexMath);
  useEffect(() => {
    if (unsupportedIn.current === text && katexFor !== text) setKatexFor(text);
  });
  if (!hasMath) return undefined;
  if (katexFor === text) return katex;
  return light?.(() => {
    unsupportedIn.current = text;
  });
}

const NO_PLUGINS: [] = [];

/**
 * Every text staff write for others to read: question text and options, quiz instructions,
 * guidelines. Markdown with LaTeX math ($…$ inline, $$…$$ display).
 * react-markdown builds React elements from the syntax tree and never injects HTML,
 * so raw HTML in a question is shown as text, not run; links open in a new tab. Images are the
 * question's stored images only (QuestionImage.tsx), loaded with the session.
 * Math is typeset by a small chunk fetched the first time a text with math is shown (MathML the
 * browser draws); KaTeX (its code, stylesheet and fonts) only for formulas beyond it.
 */
export function Markdown({ children, inline = false, lineBreaks = false }: { children: string; inline?: boolean; lineBreaks?: boolean }) {
  const math = useMathPlugins(children);
  return (
    <Box
      component={inline ? 'span' : 'div'}
      sx={{
        // lineBreaks: a single line break inside a paragraph stays a break (texts written as plain lines, like guidelines).
        '& p': { my: inline ? 0 : 1, display: inline ? 'inline' : undefined, whiteSpace: lineBreaks ? 'pre-line' : undefined },
        '& pre': { overflowX: 'auto' },
        '& img': { maxWidth: '100%' },
        // What the MathML of the math chunk needs (cell alignment, lines, boxes), when it is loaded.
        ...math?.styles,
      }}
    >
      <ReactMarkdown
        remarkPlugins={(math?.remarkPlugins ?? NO_PLUGINS) as Options['remarkPlugins']}
        rehypePlugins={(math?.rehypePlugins ?? NO_PLUGINS) as Options['rehypePlugins']}
        skipHtml
        components={{
          a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
          // An image written without a description (`![](...)`) is decorative: alt="", never no alt at all.
          img: ({ src, alt }) => <QuestionImage src={typeof src === 'string' ? src : undefined} alt={alt ?? ''} />,
        }}
      >
        {children}
      </ReactMarkdown>
    </Box>
  );
}
