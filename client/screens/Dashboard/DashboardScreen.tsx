import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import type { DashboardScreenQuery as DashboardScreenQueryType } from '../../__generated__/DashboardScreenQuery.graphql';
import { Alert } from '../../components/Alert';
import { PageContainer } from '../../components/layouts';
import { preloadQuery } from '../../relay/preload';
import { DashboardWelcome } from './DashboardWelcome';

const DashboardScreenQuery = graphql`
  query DashboardScreenQuery {
    viewer {
      ...DashboardWelcome_user
    }
  }
`;

export function loader() {
  return preloadQuery<DashboardScreenQueryType>(DashboardScreenQuery, {});
}

export default function DashboardScreen() {
  const queryRef = useLoaderData() as PreloadedQuery<DashboardScreenQueryType>;
  const { viewer } = usePreloadedQuery<DashboardScreenQueryType>(DashboardScreenQuery, queryRef);
  return (
    <PageContainer>
      {viewer ? <DashboardWelcome user={viewer} /> : <Alert tone="error">Failed to load analysis data. Please try again later.</Alert>}
    </PageContainer>
  );
}
