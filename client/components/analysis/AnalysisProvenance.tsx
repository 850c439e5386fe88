import { graphql, useFragment } from 'react-relay';
import type { AnalysisProvenance_analysis$key } from '../../__generated__/AnalysisProvenance_analysis.graphql';
import { formatDateTime } from './format';
import { describeGsd, describeSource, readProvenance } from './provenance';

/** Where the image came from and what analysed it: the facts a reviewer needs to trust or question a score. */
export function AnalysisProvenance({ analysis }: { analysis: AnalysisProvenance_analysis$key }) {
  const data = useFragment(
    graphql`
      fragment AnalysisProvenance_analysis on Analysis {
        provenance
        finishedAt
        buildingFound
        image {
          source
          filename
          width
          height
          gsdMPerPx
          gsdSource
          capturedAt
          attribution
        }
      }
    `,
    analysis,
  );
  const provenance = readProvenance(data.provenance);
  const image = data.image;
  const analyzer = [provenance.provider, provenance.model, provenance.analyzerVersion && `v${provenance.analyzerVersion}`]
    .filter(Boolean)
    .join(' · ');
  const rows: [string, string][] = [
    ['Source', describeSource(provenance.imageSource ?? image.source)],
    ...(image.filename ? [['File', image.filename] as [string, string]] : []),
    ['Captured', formatDateTime(provenance.imageCapturedAt ?? image.capturedAt)],
    ['Analysed', formatDateTime(provenance.analyzedAt ?? data.finishedAt)],
    [
      'Resolution',
      describeGsd(
        provenance.gsdMPerPx ?? image.gsdMPerPx ?? null,
        provenance.gsdSource ?? image.gsdSource ?? null,
        data.buildingFound !== false,
      ),
    ],
    ['Image size', `${image.width} × ${image.height} px`],
    ['Analyzer', analyzer || 'Unknown'],
  ];
  if (provenance.exposureNote) rows.push(['Exposure', provenance.exposureNote]);
  const attribution = provenance.attribution ?? image.attribution;
  if (attribution) rows.push(['Attribution', attribution]);
  if (provenance.fallback) {
    rows.push([
      'Fallback',
      `Used instead of ${provenance.fallback.from ?? 'the configured analyzer'}${provenance.fallback.reason ? `: ${provenance.fallback.reason}` : ''}`,
    ]);
  }
  if (provenance.imageSha256) rows.push(['Image SHA-256', provenance.imageSha256]);

  return (
    <section
      aria-labelledby="provenance-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="provenance-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Provenance
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-500 dark:text-slate-400">{term}</dt>
            <dd className="break-all text-slate-900 dark:text-slate-100">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
