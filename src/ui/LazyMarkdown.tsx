import { lazy, Suspense, type ComponentProps } from 'react';
import Box from '@mui/material/Box';

const Markdown = lazy(() => import('./Markdown').then((module) => ({ default: module.Markdown })));

/**
 * The same Markdown renderer, for screens of areas that otherwise show no Markdown (a guideline
 * in every staff area): the renderer (react-markdown, without KaTeX, which it loads itself only
 * for math) is fetched the first time such a text is shown, not with the area. Until then the
 * text is shown as it was written.
 */
export function LazyMarkdown(props: ComponentProps<typeof Markdown>) {
  return (
    <Suspense fallback={<Box sx={{ whiteSpace: 'pre-line' }}>{props.children}</Box>}>
      <Markdown {...props} />
    </Suspense>
  );
}
