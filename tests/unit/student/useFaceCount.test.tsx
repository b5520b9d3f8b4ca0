import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { LOAD_LIMIT_MS, RETRY_MS, SAMPLE_LIMIT_MS, useFaceCount } from '../../../src/student/integrity/useFaceCount';

const detector = vi.hoisted(() => ({
  loadFaceDetector: vi.fn<() => Promise<void>>(),
  countFaces: vi.fn<(video: HTMLVideoElement) => Promise<number>>(),
}));
vi.mock('../../../src/student/integrity/faceDetector', () => detector);

const stream = new MediaStream();

function Probe() {
  const video = useRef<HTMLVideoElement>(null);
  const status = useFaceCount(video, stream);
  return (
    <>
      <video ref={video} data-testid="video" />
      <p data-testid="status">{status}</p>
    </>
  );
}

/** Makes the page's video report this ready state (happy-dom plays no media). */
function setReadyState(video: HTMLElement, readyState: number) {
  Object.defineProperty(video, 'readyState', { value: readyState, configurable: true });
}

const status = () => screen.getByTestId('status').textContent;

describe('useFaceCount', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    detector.loadFaceDetector.mockReset().mockResolvedValue(undefined);
    detector.countFaces.mockReset().mockResolvedValue(1);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('counts nothing until the video plays, then counts as soon as it does', async () => {
    render(<Probe />);
    const video = screen.getByTestId('video');
    setReadyState(video, 0);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    // Asking face-api about a video that does not play yet would never come back.
    expect(detector.countFaces).not.toHaveBeenCalled();
    expect(status()).toBe('loading');

    setReadyState(video, 4);
    await act(async () => {
      video.dispatchEvent(new Event('canplay'));
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(detector.countFaces).toHaveBeenCalled();
    expect(status()).toBe('one');
  });

  it('starts counting when the video was already playing (its events fired before anyone listened)', async () => {
    setReadyState(HTMLMediaElement.prototype as unknown as HTMLElement, 4);
    try {
      render(<Probe />);
      await act(() => vi.advanceTimersByTimeAsync(1500));
      expect(status()).toBe('one');
    } finally {
      delete (HTMLMediaElement.prototype as { readyState?: number }).readyState;
    }
  });

  it('shows an error when the detector cannot load, and loads it again', async () => {
    detector.loadFaceDetector.mockRejectedValueOnce(new Error('model not found'));
    render(<Probe />);
    setReadyState(screen.getByTestId('video'), 4);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(status()).toBe('error');
    await act(() => vi.advanceTimersByTimeAsync(RETRY_MS + 1500));
    expect(detector.loadFaceDetector).toHaveBeenCalledTimes(2);
    expect(status()).toBe('one');
  });

  it('shows an error when loading never ends, and the count once it does', async () => {
    let loaded!: () => void;
    detector.loadFaceDetector.mockReturnValue(new Promise<void>((resolve) => (loaded = resolve)));
    render(<Probe />);
    setReadyState(screen.getByTestId('video'), 4);
    await act(() => vi.advanceTimersByTimeAsync(LOAD_LIMIT_MS - 1000));
    expect(status()).toBe('loading');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(status()).toBe('error');
    loaded();
    await act(() => vi.advanceTimersByTimeAsync(RETRY_MS + 1500));
    expect(status()).toBe('one');
  });

  it('shows an error when a count never comes back, and goes on counting', async () => {
    const never = () => new Promise<number>(() => {});
    detector.countFaces.mockImplementationOnce(never).mockImplementationOnce(never);
    render(<Probe />);
    setReadyState(screen.getByTestId('video'), 4);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(status()).toBe('loading');
    await act(() => vi.advanceTimersByTimeAsync(SAMPLE_LIMIT_MS));
    expect(status()).toBe('error');
    await act(() => vi.advanceTimersByTimeAsync(SAMPLE_LIMIT_MS));
    expect(status()).toBe('one');
    expect(detector.countFaces).toHaveBeenCalledTimes(3);
  });
});
