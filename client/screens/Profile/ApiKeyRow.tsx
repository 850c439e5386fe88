import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { ApiKeyRow_apiKey$key } from '../../__generated__/ApiKeyRow_apiKey.graphql';
import { ConfirmDeleteButton } from '../../components/analysis/ConfirmDeleteButton';
import { formatDateTime } from '../../components/analysis/format';
import { useRevokeApiKeyMutation } from './useRevokeApiKeyMutation';

export function ApiKeyRow({ apiKey, connectionId }: { apiKey: ApiKeyRow_apiKey$key; connectionId: string }) {
  const key = useFragment(
    graphql`
      fragment ApiKeyRow_apiKey on ApiKey {
        id
        name
        prefix
        createdAt
        lastUsedAt
      }
    `,
    apiKey,
  );
  const [revoke, revoking] = useRevokeApiKeyMutation(connectionId);
  const [failed, setFailed] = useState(false);
  return (
    <tr className="block py-3 align-top sm:table-row sm:py-0">
      <td className="block py-1 font-medium [overflow-wrap:anywhere] text-slate-900 sm:table-cell sm:py-3 sm:pr-4 dark:text-white">
        {key.name}
      </td>
      <td className="block py-1 font-mono text-xs text-slate-600 sm:table-cell sm:py-3 sm:pr-4 dark:text-slate-300">{key.prefix}…</td>
      <td className="block py-1 text-slate-500 sm:table-cell sm:py-3 sm:pr-4 sm:whitespace-nowrap dark:text-slate-400">
        {formatDateTime(key.createdAt)}
      </td>
      <td className="block py-1 text-slate-500 sm:table-cell sm:py-3 sm:pr-4 sm:whitespace-nowrap dark:text-slate-400">
        {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never used'}
      </td>
      <td className="block py-1 sm:table-cell sm:py-3 sm:text-right sm:whitespace-nowrap">
        <ConfirmDeleteButton
          verb="Revoke"
          subject={`API key ${key.name}`}
          busy={revoking}
          onConfirm={() => {
            setFailed(false);
            revoke(key.id).catch((error: unknown) => {
              console.error(error);
              setFailed(true);
            });
          }}
        />
        {failed && (
          <p role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
            Failed to revoke the API key
          </p>
        )}
      </td>
    </tr>
  );
}
