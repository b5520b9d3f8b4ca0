import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../../src/ui/Markdown';

describe('Markdown', () => {
  it('renders emphasis and math: simple math as MathML, without KaTeX', async () => {
    const { container } = render(<Markdown>{'A **stack** holds $O(n^2)$ items, $$\\frac{n}{2}$$'}</Markdown>);
    expect(container.querySelector('strong')?.textContent).toBe('stack');
    await waitFor(() => expect(container.querySelectorAll('math')).toHaveLength(2));
    expect(container.querySelector('math msup mi')?.textContent).toBe('n');
    expect(container.querySelector('math mfrac')).not.toBeNull();
    expect(container.querySelector('.katex')).toBeNull();
    expect(container.textContent).not.toContain('$');
  });

  it('matrices, cases and bold letters are MathML too: a table with its fences, its cells aligned', async () => {
    const { container } = render(
      <Markdown>{'Let $\\mathbf{v} = \\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}$ and\n\n$$\nf(x) = \\begin{cases} 1 & x > 0 \\\\ 0 & \\text{otherwise} \\end{cases}\n$$'}</Markdown>,
    );
    await waitFor(() => expect(container.querySelectorAll('math')).toHaveLength(2));
    const [inline, display] = Array.from(container.querySelectorAll('math'));
    expect(inline.querySelector('mi')?.textContent).toBe('𝐯');
    expect(Array.from(inline.querySelectorAll('mtr'), (r) => r.textContent)).toEqual(['1', '2']);
    expect(Array.from(inline.querySelectorAll('mo[fence]'), (o) => o.textContent)).toEqual(['(', ')']);
    expect(display.getAttribute('display')).toBe('block');
    const cells = display.querySelectorAll('mtd');
    expect(cells).toHaveLength(4);
    expect(cells[3].textContent).toBe('otherwise');
    // Left-aligned by the class the translator gives the cell and the rule the Markdown element carries.
    expect(cells[3].getAttribute('class')).toBe('tex-l');
    expect(getComputedStyle(cells[3]).textAlign).toMatch(/left$/);
    expect(getComputedStyle(cells[0]).textAlign).toMatch(/left$/);
    expect(container.querySelector('.katex')).toBeNull();
  });

  it('a text with a formula beyond the MathML translator is typeset with KaTeX, all of it', async () => {
    const { container } = render(<Markdown>{'Let $x$ be $\\cancel{v}$'}</Markdown>);
    await waitFor(() => expect(container.querySelectorAll('.katex')).toHaveLength(2));
    expect(container.textContent).not.toContain('$');
  });

  it('$$…$$ alone on its line is display math (MathML), $…$ and $$…$$ inside a sentence stay inline', async () => {
    const { container } = render(<Markdown>{'Compute $a$ and $$b$$ where\n$$\\frac{x}{2}$$\nholds.\n\n$$y^2$$'}</Markdown>);
    await waitFor(() => expect(container.querySelectorAll('math')).toHaveLength(4));
    expect(Array.from(container.querySelectorAll('math'), (m) => m.getAttribute('display'))).toEqual(['inline', 'inline', 'block', 'block']);
    // The paragraph is split around the formula: the text before and after it stays.
    const paragraphs = Array.from(container.querySelectorAll('p'));
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0].textContent).toMatch(/^Compute .* where$/);
    expect(paragraphs[1].textContent).toBe('holds.');
    expect(paragraphs[0].querySelectorAll('math')).toHaveLength(2);
  });

  it('$$…$$ alone on its line is KaTeX display mode when KaTeX typesets the text; $…$ stays inline', async () => {
    const { container } = render(<Markdown>{'Let $x$ be\n\n$$\\cancel{v}$$'}</Markdown>);
    await waitFor(() => expect(container.querySelectorAll('.katex')).toHaveLength(2));
    expect(container.querySelectorAll('.katex-display')).toHaveLength(1);
    expect(container.querySelector('.katex-display')?.textContent).toContain('v');
    expect(container.querySelector('p .katex')?.closest('.katex-display')).toBeNull();
    // Inside a list item too.
    const list = render(<Markdown>{'- $$\\cancel{w}$$\n- $\\cancel{z}$'}</Markdown>).container;
    await waitFor(() => expect(list.querySelectorAll('.katex')).toHaveLength(2));
    expect(list.querySelectorAll('li .katex-display')).toHaveLength(1);
  });

  it('a text without math is rendered at once, without KaTeX', () => {
    const { container } = render(<Markdown>{'A **queue**, first in, first out'}</Markdown>);
    expect(container.querySelector('strong')?.textContent).toBe('queue');
    expect(container.querySelector('.katex')).toBeNull();
    expect(container.querySelector('math')).toBeNull();
  });

  it('never lets raw HTML reach the page', () => {
    const { container } = render(<Markdown>{'Hi <img src=x onerror="alert(1)"> <script>alert(2)</script>'}</Markdown>);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
  });

  it('drops javascript: links', () => {
    const { container } = render(<Markdown>{'[click](javascript:alert(1))'}</Markdown>);
    expect(container.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript:/i);
  });
});
