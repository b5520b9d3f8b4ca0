import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { StrictMode, useEffect } from 'react';
import { useCamera } from '../../../src/student/integrity/useCamera';

/** A camera stream whose one track records whether it was stopped. */
function fakeStream() {
  const track = { stop: vi.fn(), addEventListener: vi.fn() };
  const stream = { getTracks: () => [track], getVideoTracks: () => [track] } as unknown as MediaStream;
  return { stream, track };
}

function Camera({ autoStart }: { autoStart: boolean }) {
  const { state, start } = useCamera();
  useEffect(() => {
    if (autoStart) void start();
  }, [autoStart, start]);
  return (
    <>
      <p data-testid="kind">{state.kind}</p>
      <button onClick={() => void start()}>start</button>
    </>
  );
}

describe('useCamera', () => {
  const getUserMedia = vi.fn<(constraints: MediaStreamConstraints) => Promise<MediaStream>>();
  beforeEach(() => {
    getUserMedia.mockReset();
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  });
  afterEach(() => {
    delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  });

  it('opens the camera once when started from an effect that runs twice', async () => {
    const { stream, track } = fakeStream();
    getUserMedia.mockResolvedValue(stream);
    const view = render(
      <StrictMode>
        <Camera autoStart />
      </StrictMode>,
    );
    expect(await screen.findByText('on')).toBeInTheDocument();
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(track.stop).not.toHaveBeenCalled();
    view.unmount();
    expect(track.stop).toHaveBeenCalled();
  });

  it('releases a camera that the browser grants only after the page part is gone', async () => {
    const { stream, track } = fakeStream();
    let grant!: (s: MediaStream) => void;
    getUserMedia.mockReturnValue(new Promise((resolve) => (grant = resolve)));
    const view = render(<Camera autoStart />);
    expect(screen.getByTestId('kind').textContent).toBe('asking');
    view.unmount();
    await act(async () => grant(stream));
    expect(track.stop).toHaveBeenCalled();
  });

  it('stops the stream it replaces on a restart', async () => {
    const first = fakeStream();
    const second = fakeStream();
    getUserMedia.mockResolvedValueOnce(first.stream).mockResolvedValueOnce(second.stream);
    render(<Camera autoStart />);
    expect(await screen.findByText('on')).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'start' }).click());
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(first.track.stop).toHaveBeenCalled();
    expect(second.track.stop).not.toHaveBeenCalled();
  });
});
