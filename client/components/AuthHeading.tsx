import type { ReactNode } from 'react';

/** The title of a signed-out form (sign in, sign up, password reset) and the line under it. */
export function AuthHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="text-center">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{children}</p>
    </div>
  );
}
