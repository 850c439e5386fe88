// What a guest (anonymous sign-in) is offered where an account is needed: creating one links it to the guest's own
// user, so everything analysed as a guest stays (GuestBanner says the same on every screen).
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from './forms';

export function CreateAccountCard({ title, text }: { title: string; text: string }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <h2 id={headingId} className="font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{text}</p>
      </div>
      <Link to="/signup" className={buttonClasses('primary')}>
        Create an account
      </Link>
    </section>
  );
}
