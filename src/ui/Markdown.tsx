import ReactMarkdown from 'react-markdown';
import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
import 'katex/dist/katex.min.css';
import Box from '@mui/material/Box';

/**
 * Question text and options: Markdown with LaTeX math ($…$ inline, $$…$$ display).
 * react-markdown builds React elements from the syntax tree and never injects HTML,
 * so raw HTML in a question is shown as text, not run; links open in a new tab.
 */
export function Markdown({ children, inline = false }: { children: string; inline?: boolean }) {
  return (
    <Box
      component={inline ? 'span' : 'div'}
      sx={{ '& p': { my: inline ? 0 : 1, display: inline ? 'inline' : undefined }, '& pre': { overflowX: 'auto' }, '& img': { maxWidth: '100%' } }}
    >
      <ReactMarkdown
        remarkPlugins={[remarkMath]}
        rehypePlugins={[rehypeKatex]}
        skipHtml
        components={{ a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" /> }}
      >
        {children}
      </ReactMarkdown>
    </Box>
  );
}
