// Properties whose latest result an earlier version of the analyzer made (decision 024): one click analyses them all
// again with today's, as a batch of their stored images (a building the owner marked is kept), and opens it. The
// earlier results stay in the history.
import { graphql, useFragment } from 'react-relay';
import type { OlderResultsNotice_user$key } from '../../__generated__/OlderResultsNotice_user.graphql';
import { useAuth } from '../../auth/useAuth';
import { StartBatchNotice } from '../Batches/StartBatchNotice';
import { useCreateBatchMutation } from '../Batches/useCreateBatchMutation';

export function OlderResultsNotice({ user }: { user: OlderResultsNotice_user$key }) {
  const { olderAnalyzerImages: older } = useFragment(
    graphql`
      fragment OlderResultsNotice_user on User {
        olderAnalyzerImages
      }
    `,
    user,
  );
  const auth = useAuth();
  const [create, creating] = useCreateBatchMutation();
  // Batches need an account; a guest's results are today's anyway.
  if (older === 0 || (auth.status === 'signedIn' && auth.user.isAnonymous)) return null;
  return (
    <StartBatchNotice label="Analyse them again" busy={creating} start={() => create({ olderResults: true })}>
      {older === 1 ? '1 property was' : `${older} properties were`} last analysed by an earlier version of the analyzer. Analysing again
      runs them as a batch with today’s analyzer, at the building you marked; the earlier results stay in your history.
    </StartBatchNotice>
  );
}
