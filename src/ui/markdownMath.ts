import remarkMath from 'remark-math';
import { remarkDisplayMath } from './remarkDisplayMath';
import rehypeKatex from 'rehype-katex';
import 'katex/dist/katex.min.css';

/**
 * The math half of Markdown: remark-math reads $…$ and $$…$$ (and remarkDisplayMath makes a
 * $$…$$ alone on its line display math), rehype-katex typesets them, and KaTeX's stylesheet
 * (which brings its fonts) comes with this chunk. Loaded only when a text has math, so that
 * pages without any (the login page, most exam questions) do not carry it.
 */
export const mathPlugins = { remarkPlugins: [remarkMath, remarkDisplayMath], rehypePlugins: [rehypeKatex] };
export type MathPlugins = typeof mathPlugins;
