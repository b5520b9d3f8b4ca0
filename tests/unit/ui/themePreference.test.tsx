import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { clearStorage, storeIdentity, storeToken } from '../../../src/auth/session';
import { UserMenu } from '../../../src/shell/UserMenu';
import { readThemePreference, resolveThemeMode, useThemePreference, writeThemePreference } from '../../../src/ui/themePreference';

/** happy-dom's matchMedia answered as a system that prefers dark (or not). */
function systemPrefersDark(dark: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: dark && query.includes('prefers-color-scheme: dark'),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

const signInAs = (role: 'TEACHER' | 'STUDENT', username: string) => {
  storeToken(`token-${username}`);
  storeIdentity(role, username);
};

describe('the theme preference', () => {
  afterEach(() => vi.restoreAllMocks());

  it('follows the system by default, signed in or not', () => {
    expect(resolveThemeMode('system', true)).toBe('dark');
    expect(resolveThemeMode('system', false)).toBe('light');
    expect(resolveThemeMode('light', true)).toBe('light');
    expect(resolveThemeMode('dark', false)).toBe('dark');

    systemPrefersDark(true);
    const { result } = renderHook(() => useThemePreference());
    expect(result.current).toMatchObject({ preference: 'system', mode: 'dark' });
    act(() => signInAs('TEACHER', 'teacher'));
    expect(result.current).toMatchObject({ preference: 'system', mode: 'dark' });
  });

  it('switches at once, and nothing is kept for nobody', () => {
    systemPrefersDark(false);
    const { result } = renderHook(() => useThemePreference());
    act(() => result.current.setPreference('dark'));
    expect(result.current).toMatchObject({ preference: 'system', mode: 'light' });
    expect(localStorage.length).toBe(0);

    act(() => signInAs('TEACHER', 'teacher'));
    act(() => result.current.setPreference('dark'));
    expect(result.current).toMatchObject({ preference: 'dark', mode: 'dark' });
    act(() => result.current.setPreference('system'));
    expect(result.current).toMatchObject({ preference: 'system', mode: 'light' });
  });

  it('is remembered per user across sign-out and sign-in; another user keeps theirs', () => {
    systemPrefersDark(false);
    const { result } = renderHook(() => useThemePreference());
    act(() => signInAs('TEACHER', 'Teacher'));
    act(() => writeThemePreference('dark'));
    expect(result.current.mode).toBe('dark');

    // Signing out forgets the session, not the choice; the sign-in page follows the system.
    act(() => clearStorage());
    expect(localStorage.getItem('token')).toBeNull();
    expect(result.current).toMatchObject({ preference: 'system', mode: 'light' });

    act(() => signInAs('STUDENT', 'student'));
    expect(result.current.preference).toBe('system');
    act(() => writeThemePreference('light'));
    act(() => clearStorage());

    act(() => signInAs('TEACHER', 'teacher'));
    expect(result.current).toMatchObject({ preference: 'dark', mode: 'dark' });
    act(() => clearStorage());
    act(() => signInAs('STUDENT', 'student'));
    expect(readThemePreference()).toBe('light');
  });

  it('is chosen in the user menu: Light, Dark and System as radio items, the current one checked', () => {
    systemPrefersDark(false);
    signInAs('STUDENT', 'student');
    render(<UserMenu />);
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    const menu = screen.getByRole('menu', { name: 'Theme' });
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual(['Light', 'Dark', 'System']);
    expect(screen.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
    expect(menu).toBeInTheDocument();

    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
    expect(readThemePreference()).toBe('dark');
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'false');
  });
});
