// What the Map tab shows when the server has no imagery provider (IMAGERY_PROVIDER=none, or an offline
// machine configured so): what is missing and how to turn it on, instead of a search that can only fail.
import { graphql, useFragment } from 'react-relay';
import type { ImageryNotConfigured_imageryStatus$key } from '../../__generated__/ImageryNotConfigured_imageryStatus.graphql';
import { showsSetupHelp } from '../../auth/session';
import { MapPinIcon } from '../icons';

const EXAMPLES = [
  ['IMAGERY_PROVIDER=public', 'keyless USGS imagery with US Census and Photon address lookup (needs internet)'],
  ['IMAGERY_PROVIDER=google GOOGLE_MAPS_API_KEY=…', 'Google Static Maps (check that its terms allow analysis)'],
  ['IMAGERY_PROVIDER=tiles TILE_URL_TEMPLATE=…/{z}/{x}/{y}.png', 'any XYZ tile source, a local file:// directory included'],
] as const;

export function ImageryNotConfigured({ imageryStatus }: { imageryStatus: ImageryNotConfigured_imageryStatus$key }) {
  const status = useFragment(
    graphql`
      fragment ImageryNotConfigured_imageryStatus on ImageryStatus {
        provider
        hint
      }
    `,
    imageryStatus,
  );
  if (!showsSetupHelp()) {
    // A production server: its settings are its operator's business; the user is told what they can do.
    return (
      <section aria-labelledby="imagery-not-configured" className="space-y-2">
        <h3 id="imagery-not-configured" className="font-semibold text-slate-900 dark:text-white">
          Address search is not available here
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          This installation does not fetch satellite images by address. The Upload Image tab analyses an aerial or drone photo of the
          property.
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="imagery-not-configured" className="space-y-4">
      <div className="flex items-start gap-3">
        <MapPinIcon className="mt-0.5 h-6 w-6 shrink-0 text-slate-400" />
        <div>
          <h3 id="imagery-not-configured" className="font-semibold text-slate-900 dark:text-white">
            Satellite imagery is not configured on this server
          </h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            The server runs with IMAGERY_PROVIDER={status.provider}, so it cannot fetch a picture of an address. {status.hint}
          </p>
        </div>
      </div>
      <ul className="space-y-2 text-sm">
        {EXAMPLES.map(([setting, what]) => (
          <li key={setting} className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
            <code className="font-mono text-xs text-slate-900 dark:text-slate-100">{setting}</code>
            <span className="block text-xs text-slate-500 dark:text-slate-400">{what}</span>
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Meanwhile, the Upload Image tab analyses an aerial or drone photo of the property.
      </p>
    </section>
  );
}
