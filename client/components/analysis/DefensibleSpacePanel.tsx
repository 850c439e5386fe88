// Defensible space (issue 10): vegetation cover in the zones fire codes use around the subject building,
// each with its area and share; or why it was not measured ("needs the image resolution").
import { graphql, useFragment } from 'react-relay';
import type { DefensibleSpacePanel_analysis$key } from '../../__generated__/DefensibleSpacePanel_analysis.graphql';

const area = (m2: number) => `${Math.round(m2).toLocaleString()} m²`;
const ZONE_WORDS: Record<string, string> = { '0-1.5m': '0–1.5 m', '1.5-9m': '1.5–9 m', '9-30m': '9–30 m' };

export function DefensibleSpacePanel({ analysis }: { analysis: DefensibleSpacePanel_analysis$key }) {
  const { defensibleSpace: space } = useFragment(
    graphql`
      fragment DefensibleSpacePanel_analysis on Analysis {
        defensibleSpace {
          status
          note
          rings {
            zone
            areaM2
            vegetationM2
            vegetationPct
            visiblePct
          }
        }
      }
    `,
    analysis,
  );
  if (!space) return null;
  return (
    <section
      aria-labelledby="defensible-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="defensible-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Defensible space
      </h2>
      {space.status !== 'measured' ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" data-testid="defensible-space-note">
          Not measured: {space.note}.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{space.note}</p>
          <table className="mt-4 w-full text-left text-sm">
            <caption className="sr-only">Vegetation in each zone around the building</caption>
            <thead className="text-xs tracking-wide text-slate-500 uppercase dark:text-slate-400">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Zone
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Zone area
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Vegetation
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Cover
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {space.rings.map((ring) => (
                <tr key={ring.zone} data-testid={`zone-${ring.zone}`}>
                  <th scope="row" className="py-2 pr-3 font-medium text-slate-900 dark:text-white">
                    {ZONE_WORDS[ring.zone] ?? ring.zone}
                    {ring.visiblePct < 99 && <span className="font-normal text-slate-500"> ({Math.round(ring.visiblePct)}% in view)</span>}
                  </th>
                  <td className="py-2 pr-3 text-right tabular-nums">{area(ring.areaM2)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{area(ring.vegetationM2)}</td>
                  <td className="py-2 text-right tabular-nums">{Math.round(ring.vegetationPct)}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
