// Dark mode (spec §4): the system preference unless the user picked a theme, which is saved and applied
// as the `dark` class on <html>. index.html applies the same rule before the first paint.
import { useCallback, useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';

const listeners = new Set<() => void>();
const systemQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function savedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'dark' || value === 'light' ? value : null;
  } catch {
    return null;
  }
}

export function resolveTheme(saved: Theme | null, systemPrefersDark: boolean): Theme {
  return saved ?? (systemPrefersDark ? 'dark' : 'light');
}

function currentTheme(): Theme {
  return resolveTheme(savedTheme(), systemQuery().matches);
}

function apply(): void {
  document.documentElement.classList.toggle('dark', currentTheme() === 'dark');
  for (const listener of listeners) listener();
}

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private windows may refuse storage; the choice still applies to this page.
  }
  document.documentElement.classList.toggle('dark', theme === 'dark');
  for (const listener of listeners) listener();
}

/** Follows the system setting live for users who never chose, and choices made in other tabs. */
export function watchTheme(): () => void {
  const query = systemQuery();
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) apply();
  };
  query.addEventListener('change', apply);
  window.addEventListener('storage', onStorage);
  apply();
  return () => {
    query.removeEventListener('change', apply);
    window.removeEventListener('storage', onStorage);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): { theme: Theme; toggle: () => void } {
  const theme = useSyncExternalStore(subscribe, () => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));
  const toggle = useCallback(() => setTheme(theme === 'dark' ? 'light' : 'dark'), [theme]);
  return { theme, toggle };
}
