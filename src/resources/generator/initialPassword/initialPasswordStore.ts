/**
 * The one-time password of an account just created (institute, department, teacher, student),
 * held in memory only until the dialog showing it is closed: it is never stored, and the server
 * does not give it again.
 */
export interface InitialPassword {
  username: string;
  password: string;
}

let current: InitialPassword | undefined;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export const initialPasswordStore = {
  get: (): InitialPassword | undefined => current,
  show(value: InitialPassword): void {
    current = value;
    notify();
  },
  dismiss(): void {
    current = undefined;
    notify();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The initial password a create answered with, if any (`data.initialPassword`). */
export function initialPasswordOf(record: unknown): InitialPassword | undefined {
  const { initialPassword, username } = (record ?? {}) as { initialPassword?: unknown; username?: unknown };
  if (typeof initialPassword !== 'string' || initialPassword === '') return undefined;
  return { username: typeof username === 'string' ? username : '', password: initialPassword };
}
