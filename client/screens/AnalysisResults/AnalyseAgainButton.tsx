// A failed analysis (the analyzer ran past its deadline, a worker stopped), or one made by an earlier analyzer,
// can be run again on the image already stored, with the building the owner marked, if any: no new upload. The
// new analysis opens when it finishes.
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router';
import type { AnalyseAgainButton_analysis$key } from '../../__generated__/AnalyseAgainButton_analysis.graphql';
import { useAnalyzeImageMutation } from '../../components/analysis/useAnalyzeImageMutation';
import { Button } from '../../components/forms';

export const ANALYSE_AGAIN_FAILED = 'The image could not be analysed again. Please try later.';

export function AnalyseAgainButton({ analysis }: { analysis: AnalyseAgainButton_analysis$key }) {
  const data = useFragment(
    graphql`
      fragment AnalyseAgainButton_analysis on Analysis {
        image {
          id
        }
        subjectPoint {
          x
          y
        }
      }
    `,
    analysis,
  );
  const analyze = useAnalyzeImageMutation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const point = data.subjectPoint ? { x: data.subjectPoint.x, y: data.subjectPoint.y } : undefined;
      const again = await analyze(data.image.id, point);
      navigate(`/analysis-results/${again.analysisId}`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : ANALYSE_AGAIN_FAILED);
      setBusy(false);
    }
  };
  return (
    <>
      <Button type="button" variant="secondary" busy={busy} onClick={() => void run()}>
        Analyse this image again
      </Button>
      {error && <p className="mt-2 w-full text-sm">{error}</p>}
    </>
  );
}
