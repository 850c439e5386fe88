import { useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { ApiKeysSection_user$key } from '../../__generated__/ApiKeysSection_user.graphql';
import { Alert } from '../../components/Alert';
import { UserFacingError } from '../../relay/useTypedMutation';
import { Button, TextField } from '../../components/forms';
import { StackedTable } from '../../components/StackedTable';
import { ApiKeyRow } from './ApiKeyRow';
import { useCreateApiKeyMutation } from './useCreateApiKeyMutation';

/** At most API_KEYS_PER_USER (10 by default) keys are active at once; all of them fit. */
export const API_KEYS_SHOWN = 50;

/** Keys for scripts: `Authorization: Bearer <key>` on REST and GraphQL, acting as this account. */
export function ApiKeysSection({ user }: { user: ApiKeysSection_user$key }) {
  const data = useFragment(
    graphql`
      fragment ApiKeysSection_user on User @argumentDefinitions(count: { type: "Int", defaultValue: 20 }) {
        apiKeys(first: $count) @connection(key: "ApiKeysSection_apiKeys") {
          __id
          edges {
            node {
              id
              ...ApiKeyRow_apiKey
            }
          }
        }
      }
    `,
    user,
  );
  const connectionId = data.apiKeys.__id;
  const keys = data.apiKeys.edges.flatMap((edge) => (edge?.node ? [edge.node] : []));
  const [create, creating] = useCreateApiKeyMutation(connectionId);
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSecret(null);
    setCopied(false);
    try {
      setSecret(await create(name));
      setName('');
    } catch (cause) {
      setError(cause instanceof UserFacingError ? cause.message : 'Failed to create the API key');
    }
  }

  return (
    <section
      aria-labelledby="api-keys-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="api-keys-heading" className="font-semibold text-slate-900 dark:text-white">
        API keys
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        For scripts: send a key as <code className="font-mono text-xs">Authorization: Bearer &lt;key&gt;</code> to the REST API (
        <a className="font-medium text-brand-600 hover:underline dark:text-brand-400" href="/api/reference">
          reference
        </a>
        ) or GraphQL. It acts as you, with your data. Revoke a key you no longer use.
      </p>
      <form className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={(e) => void onSubmit(e)}>
        <TextField
          className="flex-1"
          label="Key name"
          name="api-key-name"
          placeholder="e.g. nightly portfolio import"
          maxLength={64}
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" busy={creating}>
          Create key
        </Button>
      </form>
      <div className="mt-4 space-y-3">
        {error && <Alert tone="error">{error}</Alert>}
        {secret && (
          <Alert tone="success">
            <p className="font-medium">Copy your new key now: it is shown only this once.</p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <code
                aria-label="New API key"
                className="rounded bg-white/70 px-2 py-1 font-mono text-xs break-all text-slate-900 dark:bg-slate-950/60 dark:text-slate-100"
              >
                {secret}
              </code>
              <Button
                type="button"
                variant="secondary"
                className="px-3 py-1.5 text-xs"
                onClick={() =>
                  void navigator.clipboard?.writeText(secret).then(
                    () => setCopied(true),
                    () => setCopied(false),
                  )
                }
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </div>
          </Alert>
        )}
      </div>
      {keys.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">No API keys yet.</p>
      ) : (
        <StackedTable columns={['Name', 'Key', 'Created', 'Last used']}>
          {keys.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} connectionId={connectionId} />
          ))}
        </StackedTable>
      )}
    </section>
  );
}
