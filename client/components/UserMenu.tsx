import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { User } from 'firebase/auth';
import { Avatar } from './Avatar';
import { useSignOut } from './useSignOut';

export function UserMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const { signOut, error } = useSignOut();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const itemClass =
    'block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800';

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-label="Open user menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="flex rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <Avatar photoUrl={user.photoURL} displayName={user.displayName} email={user.email} />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="User menu"
          className="absolute right-0 z-30 mt-2 w-60 origin-top-right overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="border-b border-slate-100 px-4 py-3 dark:border-slate-800">
            {user.displayName && (
              <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{user.displayName}</p>
            )}
            <p className="truncate text-sm text-slate-500 dark:text-slate-400">{user.email}</p>
          </div>
          <Link role="menuitem" to="/profile" className={itemClass} onClick={() => setOpen(false)}>
            Your Profile
          </Link>
          <button role="menuitem" type="button" className={itemClass} onClick={() => void signOut()}>
            Sign out
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
