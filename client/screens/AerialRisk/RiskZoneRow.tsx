import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { RiskZoneRow_riskZone$key } from '../../__generated__/RiskZoneRow_riskZone.graphql';
import { ConfirmDeleteButton } from '../../components/analysis/ConfirmDeleteButton';
import { formatDateTime, truncate } from '../../components/analysis/format';
import { RiskLevelBadge } from '../../components/analysis/RiskBadge';
import { useDeleteRiskZoneMutation } from './useDeleteRiskZoneMutation';

type Props = { riskZone: RiskZoneRow_riskZone$key; connectionId: string };

export function RiskZoneRow({ riskZone, connectionId }: Props) {
  const zone = useFragment(
    graphql`
      fragment RiskZoneRow_riskZone on RiskZone {
        id
        location
        riskLevel
        details
        createdAt
      }
    `,
    riskZone,
  );
  const [remove, deleting] = useDeleteRiskZoneMutation(connectionId);
  const [failed, setFailed] = useState(false);
  const level = zone.riskLevel === 'medium' || zone.riskLevel === 'high' ? zone.riskLevel : 'low';
  return (
    <tr className="block py-3 align-top sm:table-row sm:py-0">
      <td className="block py-1 font-medium [overflow-wrap:anywhere] text-slate-900 sm:table-cell sm:py-3 sm:pr-4 dark:text-white">
        {zone.location}
      </td>
      <td className="block py-1 sm:table-cell sm:py-3 sm:pr-4">
        <RiskLevelBadge level={level} />
      </td>
      <td
        className="block py-1 [overflow-wrap:anywhere] text-slate-600 sm:table-cell sm:max-w-md sm:py-3 sm:pr-4 dark:text-slate-300"
        title={zone.details}
      >
        {truncate(zone.details)}
      </td>
      <td className="block py-1 text-slate-500 sm:table-cell sm:py-3 sm:pr-4 sm:whitespace-nowrap dark:text-slate-400">
        {formatDateTime(zone.createdAt)}
      </td>
      <td className="block py-1 sm:table-cell sm:py-3 sm:text-right sm:whitespace-nowrap">
        <ConfirmDeleteButton
          subject={`risk zone ${zone.location}`}
          busy={deleting}
          onConfirm={() => {
            setFailed(false);
            remove(zone.id).catch((error: unknown) => {
              console.error(error);
              setFailed(true);
            });
          }}
        />
        {failed && (
          <p role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
            Failed to delete the risk zone
          </p>
        )}
      </td>
    </tr>
  );
}
