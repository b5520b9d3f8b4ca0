import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Markdown } from '../../../src/ui/Markdown';
import { questionImageId } from '../../../src/ui/QuestionImage';
import { imageMarkdown, insertAt } from '../../../src/resources/questions/editor/imagePaste';

const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAwAAAAICAIAAABChommAAAAEUlEQVR4nGM4ISdHEDGMKgIAojBhgcEzWZQAAAAASUVORK5CYII='), (c) => c.charCodeAt(0));

describe('question images in Markdown', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('knows only the stored images\' address', () => {
    expect(questionImageId('/api/question-images/12')).toBe(12);
    expect(['https://elsewhere.example/x.png', '/api/question-images/12/x', '/api/question-images/', undefined].map(questionImageId)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('loads a stored image with the session\'s token and shows it; another host\'s image is shown as its alt text', async () => {
    localStorage.setItem('token', 't-img');
    const fetchMock = vi.fn(async () => new Response(PNG, { status: 200, headers: { 'content-type': 'image/png' } }));
    vi.stubGlobal('fetch', fetchMock);
    const { container } = render(<Markdown>{'Look: ![a red flag](/api/question-images/31) and ![tracker](https://elsewhere.example/pixel.png)'}</Markdown>);
    await waitFor(() => expect(container.querySelector('img')).not.toBeNull());
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(img.getAttribute('alt')).toBe('a red flag');
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(container.textContent).toContain('[image: tracker]');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/question-images\/31$/);
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer t-img');
  });

  it('an image the server refuses is shown as its alt text', async () => {
    localStorage.setItem('token', 't-other');
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 404 })));
    const { container } = render(<Markdown>{'![secret](/api/question-images/77)'}</Markdown>);
    await waitFor(() => expect(container.textContent).toContain('[image: secret]'));
    expect(container.querySelector('img')).toBeNull();
  });

  it('the editor puts an image\'s Markdown at the caret or in place of the selection', () => {
    expect(imageMarkdown('/api/question-images/5', 'flag [red]')).toBe('![flag red](/api/question-images/5)');
    expect(insertAt('ab cd', 2, 2, 'X')).toBe('abX cd');
    expect(insertAt('ab cd', 1, 4, 'X')).toBe('aXd');
    expect(insertAt('ab', 10, 12, 'X')).toBe('abX');
  });
});
