import { useEffect, useState } from 'react';
import ReactMarkdown from 'react-markdown';
import Box from '@mui/material/Box';
import type { MathPlugins } from './markdownMath';
import { QuestionImage } from './QuestionImage';

/** Whether a text may hold math: remark-math's syntax is $…$ (inline) and $$…$$ (display). */
export const mayHaveMath = (text: string) => text.includes('$');

let mathPlugins: MathPlugins | undefined;
let loading: Promise<MathPlugins> | undefined;

/** Loads the math plugins and KaTeX's stylesheet once; a failed load (offline) is tried again later. */
export function loadMath(): Promise<MathPlugins> {
  loading ??= import('./markdownMath').then(
    (m) => (mathPlugins = m.mathPlugins),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/**
 * The math plugins once loaded, when `needed`. Until then (and while offline, when the chunk cannot
 * be fetched) the text is shown without its math typeset; the load is tried again when the browser
 * is back online.
 */
function useMathPlugins(needed: boolean): MathPlugins | undefined {
  const [plugins, setPlugins] = useState(mathPlugins);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!needed || plugins) return;
    let live = true;
    const retry = () => live && setAttempt((n) => n + 1);
    loadMath().then(
      (p) => live && setPlugins(() => p),
      () => window.addEventListener('online', retry, { once: true }),
    );
    return () => {
      live = false;
      window.removeEventListener('online', retry);
    };
  }, [needed, plugins, attempt]);
  return needed ? plugins : undefined;
}

const NO_PLUGINS: [] = [];

/**
 * Question text and options: Markdown with LaTeX math ($…$ inline, $$…$$ display).
 * react-markdown builds React elements from the syntax tree and never injects HTML,
 * so raw HTML in a question is shown as text, not run; links open in a new tab. Images are the
 * question's stored images only (QuestionImage.tsx), loaded with the session.
 * KaTeX (its code, stylesheet and fonts) is a chunk of its own, fetched the first time a
 * text with math is shown.
 */
export function Markdown({ children, inline = false }: { children: string; inline?: boolean }) {
  const math = useMathPlugins(mayHaveMath(children));
  return (
    <Box
      component={inline ? 'span' : 'div'}
      sx={{ '& p': { my: inline ? 0 : 1, display: inline ? 'inline' : undefined }, '& pre': { overflowX: 'auto' }, '& img': { maxWidth: '100%' } }}
    >
      <ReactMarkdown
        remarkPlugins={math?.remarkPlugins ?? NO_PLUGINS}
        rehypePlugins={math?.rehypePlugins ?? NO_PLUGINS}
        skipHtml
        components={{
          a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
          img: ({ src, alt }) => <QuestionImage src={typeof src === 'string' ? src : undefined} alt={alt} />,
        }}
      >
        {children}
      </ReactMarkdown>
    </Box>
  );
}
