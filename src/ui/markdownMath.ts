import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
import 'katex/dist/katex.min.css';

/**
 * The math half of Markdown: remark-math reads $…$ and $$…$$, rehype-katex typesets them, and
 * KaTeX's stylesheet (which brings its fonts) comes with this chunk. Loaded only when a text
 * has math, so that pages without any (the login page, most exam questions) do not carry it.
 */
export const mathPlugins = { remarkPlugins: [remarkMath], rehypePlugins: [rehypeKatex] };
export type MathPlugins = typeof mathPlugins;
