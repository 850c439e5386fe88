// A finished analysis made by another version of the analyzer than the one the server runs now (provenance's
// analyzer_version: its code and model weights). Analysing the stored image again uses today's analyzer, with
// the building the owner marked; this result, its review and its report stay as they are.
import { graphql, useFragment } from 'react-relay';
import type { OlderAnalyzerNotice_analysis$key } from '../../__generated__/OlderAnalyzerNotice_analysis.graphql';
import { Alert } from '../../components/Alert';
import { AnalyseAgainButton } from './AnalyseAgainButton';

export const OLDER_ANALYZER_TEXT =
  'This result was made by an earlier version of the analyzer. Analysing the image again uses the current one; this result and its review are kept.';

export function OlderAnalyzerNotice({ analysis }: { analysis: OlderAnalyzerNotice_analysis$key }) {
  const data = useFragment(
    graphql`
      fragment OlderAnalyzerNotice_analysis on Analysis {
        analyzedByCurrentAnalyzer
        ...AnalyseAgainButton_analysis
      }
    `,
    analysis,
  );
  if (data.analyzedByCurrentAnalyzer !== false) return null;
  return (
    <Alert tone="info" action={<AnalyseAgainButton analysis={data} />}>
      {OLDER_ANALYZER_TEXT}
    </Alert>
  );
}
