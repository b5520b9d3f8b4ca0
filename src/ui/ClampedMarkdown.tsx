import Box from '@mui/material/Box';
import { Markdown } from './Markdown';

/** A question's Markdown cut to a few lines, for tables: blocks are flattened, images left out. */
export function ClampedMarkdown({ text, lines = 2, maxWidth = 520, minWidth = 200 }: { text: string; lines?: number; maxWidth?: number; minWidth?: number }) {
  return (
    <Box
      sx={{
        maxWidth,
        minWidth,
        maxHeight: `${lines * 1.6}em`,
        overflow: 'hidden',
        display: '-webkit-box',
        WebkitLineClamp: lines,
        WebkitBoxOrient: 'vertical',
        lineHeight: 1.6,
        overflowWrap: 'anywhere',
        '& p, & ul, & ol, & pre, & h1, & h2, & h3, & h4, & blockquote': { m: 0, p: 0, fontSize: 'inherit', fontWeight: 'inherit', display: 'inline' },
        '& li': { display: 'inline', mr: 0.5 },
        '& .katex-display': { display: 'inline', m: 0 },
        '& math[display="block"]': { display: 'inline' },
        '& img': { display: 'none' },
      }}
    >
      <Markdown inline>{text}</Markdown>
    </Box>
  );
}
