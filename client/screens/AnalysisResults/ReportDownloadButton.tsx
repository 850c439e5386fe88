// One click for the PDF property report (issue 10): image with findings, score and breakdown, review,
// provenance and the AI disclaimer, generated on the server.
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { ReportDownloadButton_analysis$key } from '../../__generated__/ReportDownloadButton_analysis.graphql';
import { Alert } from '../../components/Alert';
import { downloadWithToken } from '../../components/download';
import { Button } from '../../components/forms';

/** `onDownloaded`: the server audited the report; the screen reads the trail again. */
export function ReportDownloadButton({
  analysis,
  onDownloaded,
}: {
  analysis: ReportDownloadButton_analysis$key;
  onDownloaded?: () => void;
}) {
  const { reportUrl, analysisId } = useFragment(
    graphql`
      fragment ReportDownloadButton_analysis on Analysis {
        analysisId
        reportUrl
      }
    `,
    analysis,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!reportUrl) return null;
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadWithToken(reportUrl, `aerisk-report-${analysisId}.pdf`);
      onDownloaded?.();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Failed to generate the property report');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col items-end gap-2">
      <Button variant="secondary" busy={busy} onClick={() => void download()}>
        Download PDF report
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
