// "Wrong building?": the analyzer scores the building nearest the image's centre; when that is not the owner's,
// they mark theirs on the image and a new analysis of the same image scores the building under that point. When no
// building was found at all, the same control reads "Mark your building" (the recommendation names it so).
import { useEffect, useState, type ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router';
import type { WrongBuildingImage_analysis$key } from '../../__generated__/WrongBuildingImage_analysis.graphql';
import { Alert } from '../Alert';
import { Button } from '../forms';
import type { SubjectPoint } from './subjectPoint';
import { useAnalyzeImageMutation } from './useAnalyzeImageMutation';

/**
 * The "Wrong building?" control under the analysed image, once the analysis is done: marking mode (Cancel or
 * Escape leave it), then a click on the image (or the keyboard's marker and Enter) analyses the building there and opens its results. `image` draws the
 * image (the parent's AnalysisImageOverlay, whose fragment the parent spreads beside this one rather than inside
 * it: each fragment level counts toward the server's query depth limit, which the review mutations' refetch
 * reaches), given the click handler while marking.
 */
export function WrongBuildingImage({
  analysis,
  image,
}: {
  analysis: WrongBuildingImage_analysis$key;
  image: (onMark: ((point: SubjectPoint) => void) | undefined) => ReactNode;
}) {
  const data = useFragment(
    graphql`
      fragment WrongBuildingImage_analysis on Analysis {
        analysisId
        status
        buildingFound
        image {
          id
        }
      }
    `,
    analysis,
  );
  const navigate = useNavigate();
  const analyze = useAnalyzeImageMutation();
  // Each state names the analysis it belongs to, so none outlives it when the screen moves on to another.
  const [markingFor, setMarkingFor] = useState<string | null>(null);
  const [analysingFor, setAnalysingFor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const marking = markingFor === data.analysisId;
  const analysing = analysingFor === data.analysisId;

  useEffect(() => {
    if (!marking) return;
    const leaveOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMarkingFor(null);
    };
    document.addEventListener('keydown', leaveOnEscape);
    return () => document.removeEventListener('keydown', leaveOnEscape);
  }, [marking]);

  // Marking a building cannot help when the image itself could not be judged (dark, blurred, greyscale).
  if (data.status !== 'done' || data.buildingFound === null) return image(undefined);

  const analyseAt = async (point: SubjectPoint) => {
    const analysisId = data.analysisId;
    setMarkingFor(null);
    setAnalysingFor(analysisId);
    setError(null);
    try {
      const marked = await analyze(data.image.id, point);
      navigate(`/analysis-results/${marked.analysisId}`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The building you marked could not be analysed.');
      setAnalysingFor(null);
    }
  };

  return (
    <div className="space-y-3">
      {image(marking ? (point) => void analyseAt(point) : undefined)}
      <div className="flex flex-wrap items-center gap-3">
        {marking ? (
          <>
            <p role="status" className="text-sm font-medium text-slate-700 dark:text-slate-200">
              Click your building on the image, or move the marker with the arrow keys and press Enter.
            </p>
            <Button variant="secondary" onClick={() => setMarkingFor(null)}>
              Cancel
            </Button>
          </>
        ) : (
          <Button
            variant="secondary"
            busy={analysing}
            onClick={() => {
              setError(null);
              setMarkingFor(data.analysisId);
            }}
          >
            {data.buildingFound === false ? 'Mark your building' : 'Wrong building?'}
          </Button>
        )}
        {analysing && (
          <p role="status" aria-live="polite" className="text-sm text-slate-500 dark:text-slate-400">
            Analysing the building you marked…
          </p>
        )}
      </div>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
