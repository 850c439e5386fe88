// The fetched satellite picture with what a reviewer needs to judge it: whose imagery it is, how fine its
// pixels are, and when it was taken (or that the provider does not say).
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { PropertyMapImage_image$key } from '../../__generated__/PropertyMapImage_image.graphql';
import { Alert } from '../Alert';
import { formatDate, formatDateTime } from '../analysis/format';
import { describeGsd } from '../analysis/provenance';
import { useAuthorizedImage } from '../analysis/useAuthorizedImage';
import { Spinner } from '../Spinner';
import { MAP_MESSAGES } from './mapMessages';

export function PropertyMapImage({ image }: { image: PropertyMapImage_image$key }) {
  const data = useFragment(
    graphql`
      fragment PropertyMapImage_image on Image {
        url
        width
        height
        propertyLocation
        attribution
        gsdMPerPx
        gsdSource
        capturedAt
        createdAt
        latitude
        longitude
      }
    `,
    image,
  );
  // The image endpoint answers only the owner's bearer token, so the bytes come through fetch as a blob: URL.
  const picture = useAuthorizedImage(data.url);
  // A blob that is not a decodable picture fails in the <img>, after the fetch succeeded.
  const [broken, setBroken] = useState<string | null>(null);
  const failed = picture.status === 'error' || (picture.status === 'ready' && broken === picture.src);
  const coordinates = data.latitude != null && data.longitude != null ? `${data.latitude.toFixed(6)}, ${data.longitude.toFixed(6)}` : null;

  const rows: [string, string][] = [
    ['Location', data.propertyLocation || 'Unknown'],
    ...(coordinates ? ([['Coordinates', coordinates]] as [string, string][]) : []),
    ['Resolution', describeGsd(data.gsdMPerPx ?? null, data.gsdSource ?? null)],
    ['Captured', data.capturedAt ? formatDate(data.capturedAt) : 'Not stated by the imagery provider'],
    ['Fetched', formatDateTime(data.createdAt)],
  ];

  return (
    <figure className="space-y-3">
      <div
        className="relative mx-auto w-full max-w-[600px] overflow-hidden rounded-xl bg-slate-100 dark:bg-slate-800"
        style={{ aspectRatio: `${data.width} / ${data.height}` }}
      >
        {picture.status === 'loading' && (
          <div className="absolute inset-0 flex items-center justify-center text-slate-400">
            <Spinner className="h-6 w-6" />
            <span className="sr-only">Loading map image…</span>
          </div>
        )}
        {failed && (
          <div className="absolute inset-0 flex items-center justify-center text-sm font-medium text-slate-500 dark:text-slate-400">
            Image Not Available
          </div>
        )}
        {picture.status === 'ready' && !failed && (
          <img
            src={picture.src}
            alt={`Satellite image of ${data.propertyLocation || 'the property'}`}
            width={data.width}
            height={data.height}
            className="h-full w-full object-cover"
            onError={() => setBroken(picture.src)}
          />
        )}
      </div>
      {failed && <Alert tone="error">{MAP_MESSAGES.loadFailed}</Alert>}
      <figcaption className="space-y-3">
        {data.attribution && <p className="text-xs text-slate-500 dark:text-slate-400">{data.attribution}</p>}
        <dl className="grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-[max-content_1fr]">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-medium text-slate-500 dark:text-slate-400">{term}</dt>
              <dd className="text-slate-900 dark:text-slate-100">{value}</dd>
            </div>
          ))}
        </dl>
      </figcaption>
    </figure>
  );
}
