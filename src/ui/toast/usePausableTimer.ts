import { useCallback, useEffect, useRef } from 'react';

/**
 * Calls onElapse once `duration` ms of running time have passed. pause() and resume() stop and
 * restart the clock without losing the time already spent (a toast under the mouse stays).
 * Disabled timers never fire (sticky toasts).
 */
export function usePausableTimer(duration: number, onElapse: () => void, enabled: boolean) {
  const remaining = useRef(duration);
  const startedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onElapseRef = useRef(onElapse);
  useEffect(() => {
    onElapseRef.current = onElapse;
  });

  const resume = useCallback(() => {
    if (!enabled || timer.current !== undefined) return;
    startedAt.current = Date.now();
    timer.current = setTimeout(() => onElapseRef.current(), remaining.current);
  }, [enabled]);

  const pause = useCallback(() => {
    if (timer.current === undefined) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    remaining.current -= Date.now() - startedAt.current;
  }, []);

  useEffect(() => {
    resume();
    return pause;
  }, [resume, pause]);

  return { pause, resume };
}
