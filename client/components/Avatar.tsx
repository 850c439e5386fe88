import { useState } from 'react';

/** Spec §2: the first letter of the display name, else of the email, else a question mark. */
export function avatarInitial(displayName: string | null | undefined, email: string | null | undefined): string {
  const source = displayName?.trim() || email?.trim() || '';
  const first = [...source][0];
  return first ? first.toUpperCase() : '?';
}

type AvatarProps = {
  photoUrl: string | null | undefined;
  displayName: string | null | undefined;
  email: string | null | undefined;
  size?: 'sm' | 'lg';
};

export function Avatar({ photoUrl, displayName, email, size = 'sm' }: AvatarProps) {
  // A photo URL that fails to load (expired, offline) falls back to the initial.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const dimensions = size === 'lg' ? 'h-16 w-16 text-2xl' : 'h-8 w-8 text-sm';
  if (photoUrl && failedUrl !== photoUrl) {
    return (
      <img
        src={photoUrl}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setFailedUrl(photoUrl)}
        className={`${dimensions} rounded-full object-cover ring-2 ring-white dark:ring-slate-900`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${dimensions} inline-flex items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700 ring-2 ring-white dark:bg-brand-900/60 dark:text-brand-200 dark:ring-slate-900`}
    >
      {avatarInitial(displayName, email)}
    </span>
  );
}
