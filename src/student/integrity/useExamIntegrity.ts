import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { IntegrityEventType } from '../../schemas/integrity';
import { studentClock } from '../exam/serverClock';
import { IntegrityEventQueue } from './eventQueue';

/** What the server tells the exam page to watch (AttemptPaper.integrity). */
export interface ExamIntegritySettings {
  sebRequired: boolean;
  faceDetection: boolean;
  requireFullscreen: boolean;
  blockClipboard: boolean;
  noFaceSeconds: number;
  multipleFacesSeconds: number;
}

const FLUSH_MS = 10_000;
const FLUSH_BEFORE_SUBMIT_MS = 3_000;

/**
 * Browser signals of an exam in progress, recorded with their times (on the server's clock) and
 * durations: the page hidden, the window left, full screen left, copy, paste and the context
 * menu (blocked when the quiz says so), offline spells, and a reload or resume of the page.
 */
export function useExamIntegrity(attemptId: number, settings: ExamIntegritySettings | undefined, active: boolean) {
  const queue = useMemo(() => new IntegrityEventQueue(attemptId), [attemptId]);
  const requireFullscreen = settings?.requireFullscreen === true;
  const blockClipboard = settings?.blockClipboard === true;
  const [fullscreenNeeded, setFullscreenNeeded] = useState(false);
  const reloadChecked = useRef(false);
  const watching = settings !== undefined;

  useEffect(() => {
    if (!active || !watching) return;
    const now = () => studentClock.now();
    const open: Partial<Record<IntegrityEventType, number>> = {};
    const begin = (type: IntegrityEventType) => {
      open[type] ??= now();
    };
    const end = (type: IntegrityEventType) => {
      const at = open[type];
      if (at === undefined) return;
      delete open[type];
      queue.add({ type, at, durationMs: Math.max(0, now() - at) });
    };
    const once = (type: IntegrityEventType) => queue.add({ type, at: now() });

    // A page opened again for this attempt on this device: a reload, or a resume after closing it
    // (checked once per page, however often the watching restarts).
    if (!reloadChecked.current) {
      reloadChecked.current = true;
      const seen = `examSeen:${attemptId}`;
      try {
        if (localStorage.getItem(seen)) once('reload');
        localStorage.setItem(seen, '1');
      } catch {
        // Private mode without storage: nothing to compare with.
      }
    }

    const onVisibility = () => {
      if (document.visibilityState === 'hidden') begin('tab-hidden');
      else {
        end('tab-hidden');
        void queue.flush();
      }
    };
    const onBlur = () => begin('window-blur');
    const onFocus = () => end('window-blur');
    const onFullscreen = () => {
      if (!requireFullscreen) return;
      if (document.fullscreenElement) {
        end('fullscreen-exit');
        setFullscreenNeeded(false);
      } else {
        begin('fullscreen-exit');
        setFullscreenNeeded(true);
      }
    };
    const onClipboard = (type: IntegrityEventType) => (e: Event) => {
      once(type);
      if (blockClipboard) e.preventDefault();
    };
    const onCopy = onClipboard('copy');
    const onCut = onClipboard('copy');
    const onPaste = onClipboard('paste');
    const onMenu = onClipboard('context-menu');
    const onOffline = () => begin('offline');
    const onOnline = () => {
      end('offline');
      void queue.flush();
    };

    if (requireFullscreen && !document.fullscreenElement) setFullscreenNeeded(true);
    if (!navigator.onLine) begin('offline');
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    document.addEventListener('fullscreenchange', onFullscreen);
    document.addEventListener('copy', onCopy);
    document.addEventListener('cut', onCut);
    document.addEventListener('paste', onPaste);
    document.addEventListener('contextmenu', onMenu);
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    const timer = setInterval(() => void queue.flush(), FLUSH_MS);
    void queue.flush();
    return () => {
      for (const type of Object.keys(open) as IntegrityEventType[]) end(type);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('fullscreenchange', onFullscreen);
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('cut', onCut);
      document.removeEventListener('paste', onPaste);
      document.removeEventListener('contextmenu', onMenu);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      clearInterval(timer);
      void queue.flush();
    };
  }, [active, watching, attemptId, queue, requireFullscreen, blockClipboard]);

  const enterFullscreen = useCallback(() => {
    void document.documentElement.requestFullscreen?.().catch(() => {});
  }, []);

  /** Sends what is queued before a submit, waiting at most a few seconds. */
  const flush = useCallback(() => Promise.race([queue.flush(), new Promise<void>((resolve) => setTimeout(resolve, FLUSH_BEFORE_SUBMIT_MS))]), [queue]);

  return { queue, fullscreenNeeded: requireFullscreen && fullscreenNeeded, enterFullscreen, flush };
}
