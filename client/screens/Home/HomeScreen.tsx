import { useState } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData } from 'react-router';
import type { HomeScreenQuery as HomeScreenQueryType } from '../../__generated__/HomeScreenQuery.graphql';
import { takeGuestTransferNotice, type GuestTransfer } from '../../auth/session';
import { Alert } from '../../components/Alert';
import { countLabel } from '../../components/analysis/format';
import { ArrowRightIcon, HistoryIcon, MapPinIcon, UploadIcon } from '../../components/icons';
import { PageContainer } from '../../components/layouts';
import { preloadQuery } from '../../relay/preload';
import { HomeStats } from './HomeStats';

const HomeScreenQuery = graphql`
  query HomeScreenQuery {
    viewer {
      ...HomeStats_user
    }
  }
`;

export function loader() {
  return preloadQuery<HomeScreenQueryType>(HomeScreenQuery, {});
}

const actions = [
  {
    to: '/map-analysis',
    title: 'Start a new analysis',
    text: 'Look up a property by address and analyse its satellite image, or upload your own aerial photo.',
    icon: MapPinIcon,
    cta: 'Analyse a property',
  },
  {
    to: '/aerial-risk',
    title: 'Aerial image analysis',
    text: 'Upload drone or aerial imagery, review risk statistics and record manual risk assessments.',
    icon: UploadIcon,
    cta: 'Open aerial analysis',
  },
  {
    to: '/aerial-risk/history',
    title: 'Analysis history',
    text: 'Search, filter and compare every property you have analysed so far.',
    icon: HistoryIcon,
    cta: 'View analysis history',
  },
  {
    to: '/batches',
    title: 'Portfolio batches',
    text: 'Upload a CSV of up to 10,000 addresses or coordinates and analyse the whole book at once.',
    icon: UploadIcon,
    cta: 'Run a batch',
  },
];

/** After a guest signed in to its account: what came along, in words. */
export function guestTransferText(moved: GuestTransfer): string {
  const parts = [
    moved.analyses > 0 ? countLabel(moved.analyses, 'analysis', 'analyses') : null,
    moved.riskZones > 0 ? countLabel(moved.riskZones, 'risk zone', 'risk zones') : null,
  ].filter(Boolean);
  return `What you analysed as a guest is now in your account: ${parts.join(' and ')}.`;
}

export default function HomeScreen() {
  const queryRef = useLoaderData() as PreloadedQuery<HomeScreenQueryType>;
  const { viewer } = usePreloadedQuery<HomeScreenQueryType>(HomeScreenQuery, queryRef);
  const [movedFromGuest] = useState(takeGuestTransferNotice);
  return (
    <PageContainer>
      <div className="space-y-10">
        {movedFromGuest && <Alert tone="success">{guestTransferText(movedFromGuest)}</Alert>}
        {viewer ? <HomeStats user={viewer} /> : <Alert tone="error">Failed to load analysis data. Please try again later.</Alert>}
        <section aria-labelledby="home-actions">
          <h2 id="home-actions" className="text-lg font-semibold text-slate-900 dark:text-white">
            What would you like to do?
          </h2>
          <div className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-4">
            {actions.map(({ to, title, text, icon: Icon, cta }) => (
              <div
                key={to}
                className="group flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-700"
              >
                <span className="inline-flex h-10 w-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600 dark:bg-brand-950/60 dark:text-brand-300">
                  <Icon className="h-5 w-5" />
                </span>
                <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">{title}</h3>
                <p className="mt-2 flex-1 text-sm text-slate-600 dark:text-slate-400">{text}</p>
                <Link
                  to={to}
                  className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-600 hover:text-brand-500 dark:text-brand-400 dark:hover:text-brand-300"
                >
                  {cta}
                  <ArrowRightIcon className="h-4 w-4 transition group-hover:translate-x-0.5" />
                </Link>
              </div>
            ))}
          </div>
        </section>
      </div>
    </PageContainer>
  );
}
