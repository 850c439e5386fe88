import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { User } from 'firebase/auth';
import { Avatar } from './Avatar';
import { useSignOut } from './useSignOut';

/** The menu's items, in order, for keyboard movement (WAI-ARIA menu button pattern). */
function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];
}

export function UserMenu({ user }: { user: User }) {
  // Where focus goes when the menu opens: its first or last item (ArrowUp on the button), or nowhere (a click).
  const [open, setOpen] = useState<false | 'first' | 'last' | 'none'>(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const { signOut, error } = useSignOut();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    // Escape closes it wherever focus is; focus inside the menu goes back to the button.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      if (root.current?.contains(document.activeElement)) button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  useEffect(() => {
    if (open === 'first') menuItems(menu.current)[0]?.focus();
    if (open === 'last') menuItems(menu.current).at(-1)?.focus();
  }, [open]);

  const onButtonKey = (event: ReactKeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  // Up/Down move (and wrap), Home/End jump, Tab leaves (Escape: above).
  const onMenuKey = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const items = menuItems(menu.current);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const target: Record<string, number | undefined> = {
      ArrowDown: (at + 1) % items.length,
      ArrowUp: (at - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    if (event.key in target) {
      event.preventDefault();
      items[target[event.key]!]?.focus();
    } else if (event.key === 'Tab') {
      // From the button, Tab's own move then lands on what follows the menu.
      button.current?.focus();
      setOpen(false);
    }
  };

  const itemClass =
    'block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800';

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-label="Open user menu"
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={open ? menuId : undefined}
        ref={button}
        // A keyboard click (Enter, Space: detail 0) puts focus on the first item; a pointer click does not.
        onClick={(event) => setOpen((value) => (value ? false : event.detail === 0 ? 'first' : 'none'))}
        onKeyDown={onButtonKey}
        className="flex rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <Avatar photoUrl={user.photoURL} displayName={user.displayName ?? (user.isAnonymous ? 'Guest' : null)} email={user.email} />
      </button>
      {open && (
        <div
          id={menuId}
          ref={menu}
          role="menu"
          aria-label="User menu"
          onKeyDown={onMenuKey}
          className="absolute right-0 z-30 mt-2 w-60 origin-top-right overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="border-b border-slate-100 px-4 py-3 dark:border-slate-800">
            {user.displayName && <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{user.displayName}</p>}
            <p className="truncate text-sm text-slate-500 dark:text-slate-400">{user.isAnonymous ? 'Guest session' : user.email}</p>
            {user.isAnonymous && (
              <p className="mt-1 text-xs text-amber-700 dark:text-amber-300">Signing out deletes what you analysed as a guest.</p>
            )}
          </div>
          <Link role="menuitem" tabIndex={-1} to="/profile" className={itemClass} onClick={() => setOpen(false)}>
            Your Profile
          </Link>
          <button role="menuitem" tabIndex={-1} type="button" className={itemClass} onClick={() => void signOut()}>
            {user.isAnonymous ? 'Sign out and end the guest session' : 'Sign out'}
          </button>
        </div>
      )}
      {error && (
        <div role="alert" className="absolute right-0 z-30 mt-2 w-60 rounded-lg bg-red-600 px-3 py-2 text-sm text-white shadow">
          {error}
        </div>
      )}
    </div>
  );
}
