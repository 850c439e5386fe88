import { useTransition } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { RiskZonesTable_user$key } from '../../__generated__/RiskZonesTable_user.graphql';
import { StackedTable } from '../../components/StackedTable';
import { RiskZoneRow } from './RiskZoneRow';
import { LoadMore } from '../../components/LoadMore';

export const RISK_ZONES_PAGE_SIZE = 20;

export function RiskZonesTable({ user }: { user: RiskZonesTable_user$key }) {
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment RiskZonesTable_user on User
      @refetchable(queryName: "RiskZonesTablePaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
        riskZones(first: $count, after: $cursor) @connection(key: "RiskZonesTable_riskZones") {
          __id
          edges {
            node {
              id
              ...RiskZoneRow_riskZone
            }
          }
        }
      }
    `,
    user,
  );
  const [, startTransition] = useTransition();
  const connectionId = data.riskZones.__id;
  const zones = data.riskZones.edges.flatMap((edge) => (edge?.node ? [edge.node] : []));

  return (
    <section
      aria-labelledby="risk-zones-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="risk-zones-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Risk zones
      </h2>
      {zones.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">No risk zones recorded yet.</p>
      ) : (
        // Below `sm` each zone is a stacked block rather than a row (five columns cannot fit a phone).
        <StackedTable columns={['Location', 'Risk level', 'Details', 'Created']}>
          {zones.map((zone) => (
            <RiskZoneRow key={zone.id} riskZone={zone} connectionId={connectionId} />
          ))}
        </StackedTable>
      )}
      <LoadMore
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        loadNext={loadNext}
        pageSize={RISK_ZONES_PAGE_SIZE}
        startTransition={startTransition}
      />
    </section>
  );
}
