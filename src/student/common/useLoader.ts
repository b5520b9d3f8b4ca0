import { useCallback, useEffect, useState, type DependencyList } from 'react';
import type { ApiResult } from '../../schemas/envelope';

export type LoadState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; message: string; offline: boolean };

/**
 * Runs a call of the HTTP client when `deps` change and keeps its state; `reload` runs it again.
 * An answer that arrives after the component has moved on is ignored.
 */
export function useLoader<T>(load: () => Promise<ApiResult<T>>, deps: DependencyList): { state: LoadState<T>; reload: () => void } {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    load().then((result) => {
      if (!active) return;
      if (result.success && result.data !== undefined) setState({ status: 'ready', data: result.data });
      else setState({ status: 'error', message: result.message || 'Something went wrong', offline: result.internet === true });
    });
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what `load` depends on
  }, [...deps, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { state, reload };
}
