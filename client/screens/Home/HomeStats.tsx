import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import type { HomeStats_user$key } from '../../__generated__/HomeStats_user.graphql';
import { buttonClasses } from '../../components/forms';

export function HomeStats({ user }: { user: HomeStats_user$key }) {
  const { analysedCount } = useFragment(
    graphql`
      fragment HomeStats_user on User {
        analysedCount
      }
    `,
    user,
  );
  return (
    <section
      aria-labelledby="home-title"
      className="overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 via-brand-700 to-slate-900 p-8 text-white shadow-lg sm:p-10"
    >
      <div className="flex flex-col gap-8 lg:flex-row lg:items-end lg:justify-between">
        <div className="max-w-xl">
          <h1 id="home-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Property risk, seen from above
          </h1>
          <p className="mt-3 text-brand-100">
            Detect pools, overhanging trees, roof condition, solar panels and power lines in aerial and satellite imagery, and get a risk
            score in seconds.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/map-analysis" className={buttonClasses('secondary', 'border-transparent')}>
              Start analysing
            </Link>
            <Link
              to="/aerial-risk/history"
              className="inline-flex items-center rounded-lg px-4 py-2.5 text-sm font-semibold text-white ring-1 ring-white/40 hover:bg-white/10"
            >
              View history
            </Link>
          </div>
        </div>
        <div className="rounded-2xl bg-white/10 px-8 py-6 ring-1 ring-white/20 backdrop-blur">
          <p>
            <span className="block text-5xl font-bold tabular-nums">{analysedCount}</span>{' '}
            <span className="mt-1 block text-sm font-medium text-brand-100">
              {analysedCount === 1 ? 'property analysed' : 'properties analysed'}
            </span>
          </p>
        </div>
      </div>
    </section>
  );
}
