import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { AnalysisImageOverlay_analysis$key } from '../../__generated__/AnalysisImageOverlay_analysis.graphql';
import { AuthorizedImage } from './AuthorizedImage';
import { DEFENSIBLE_SPACE_ZONES, featureStyle, svgPoints } from './features';
import { percent } from './format';
import { moveSubjectPoint, subjectPointFromClick, type SubjectPoint } from './subjectPoint';

const IMAGE_CENTRE: SubjectPoint = { x: 0.5, y: 0.5 };

/**
 * A drawing over the image: the polygons are in the analysed image's pixels, so the viewBox is the image's size
 * and the SVG is stretched exactly over the <img>, which fills a box of the same aspect ratio.
 */
function OverlaySvg({ label, width, height, children }: { label: string; width: number; height: number; children: ReactNode }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      className="pointer-events-none absolute inset-0 h-full w-full"
    >
      {children}
    </svg>
  );
}

/**
 * The analysed image with every finding drawn over it, in its feature's colour; the drawing can be hidden. The
 * building the owner marked ("Wrong building?"), when they did, is pinned on it. With `onMark` the image is in
 * marking mode: a click on it gives the point clicked; for the keyboard, the image takes the focus with a marker at
 * its centre, the arrow keys move it (Shift for larger steps) and Enter or Space gives its point.
 */
export function AnalysisImageOverlay({
  analysis,
  onMark,
}: {
  analysis: AnalysisImageOverlay_analysis$key;
  onMark?: (point: SubjectPoint) => void;
}) {
  const data = useFragment(
    graphql`
      fragment AnalysisImageOverlay_analysis on Analysis {
        propertyLocation
        findings {
          feature
          confidence
          polygon
          reviewDecision
        }
        image {
          url
          width
          height
        }
        subjectPoint {
          x
          y
        }
        defensibleSpace {
          status
          pxPerM
          roofPolygon
        }
      }
    `,
    analysis,
  );
  const [showFindings, setShowFindings] = useState(true);
  const maskId = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [cursor, setCursor] = useState<SubjectPoint>(IMAGE_CENTRE);
  const markingArea = useRef<HTMLDivElement>(null);
  const marking = onMark !== undefined;
  // Entering marking mode puts the keyboard's marker back at the centre and the focus on the image, since the
  // button that started it has gone.
  useEffect(() => {
    if (!marking) return;
    setCursor(IMAGE_CENTRE);
    markingArea.current?.focus();
  }, [marking]);
  const { width, height } = data.image;
  // A finding the owner rejected is no longer evidence: it is not drawn.
  const shapes = data.findings.filter((finding) => finding.polygon.length >= 2 && finding.reviewDecision !== 'rejected');
  const legend = [...new Set(shapes.map((finding) => finding.feature))];

  const space = data.defensibleSpace;
  // Each zone is the roof outline stroked twice its outer distance wide with round joins: exactly the ground
  // within that distance of the roof. Outermost first, so the inner zones stack darker; a faint fill alone is lost
  // under the tree outlines, so each zone's edge is drawn as a line: the same shape a line's width wider, masked
  // to what lies outside the zone.
  const edge = Math.max(width, height) / 250;
  const zones = showFindings && space?.status === 'measured' && space.pxPerM && space.roofPolygon && (
    <OverlaySvg label="Defensible space zones" width={width} height={height}>
      {DEFENSIBLE_SPACE_ZONES.map((zone, index) => {
        const points = svgPoints(space.roofPolygon!);
        const reach = 2 * zone.outerM * space.pxPerM!;
        const mask = `${maskId}-zone-${index}`;
        return (
          <g key={zone.label}>
            <title>{`Defensible space ${zone.label}`}</title>
            <mask id={mask} maskUnits="userSpaceOnUse" x={0} y={0} width={width} height={height}>
              <rect width={width} height={height} fill="white" />
              <polygon points={points} fill="black" stroke="black" strokeWidth={reach} strokeLinejoin="round" />
            </mask>
            <polygon
              points={points}
              fill={zone.colour}
              fillOpacity={0.12}
              stroke={zone.colour}
              strokeOpacity={0.12}
              strokeWidth={reach}
              strokeLinejoin="round"
            />
            <polygon
              data-zone-edge={zone.label}
              points={points}
              fill="none"
              stroke={zone.colour}
              strokeOpacity={0.9}
              strokeWidth={reach + 2 * edge}
              strokeLinejoin="round"
              mask={`url(#${mask})`}
            />
          </g>
        );
      })}
    </OverlaySvg>
  );

  const findingsOverlay = showFindings && shapes.length > 0 && (
    <OverlaySvg label="Detected features overlay" width={width} height={height}>
      {shapes.map((finding, index) => {
        const { colour, label } = featureStyle(finding.feature);
        const title = `${label} (${percent(finding.confidence)} confidence)`;
        const points = svgPoints(finding.polygon);
        // A power line is a polyline (the wire), everything else an outlined area.
        return finding.feature === 'power_line' || finding.polygon.length === 2 ? (
          <polyline
            key={index}
            data-feature={finding.feature}
            points={points}
            fill="none"
            stroke={colour}
            strokeWidth={3}
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
          >
            <title>{title}</title>
          </polyline>
        ) : (
          <polygon
            key={index}
            data-feature={finding.feature}
            points={points}
            fill={colour}
            fillOpacity={0.22}
            stroke={colour}
            strokeWidth={2}
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          >
            <title>{title}</title>
          </polygon>
        );
      })}
    </OverlaySvg>
  );

  // The marked building: a pin of about 1.5% of the image's size, drawn whether or not the findings are.
  const marked = data.subjectPoint;
  const pinRadius = Math.max(width, height) * 0.015;
  const markedPin = marked && (
    <OverlaySvg label="Building you marked" width={width} height={height}>
      <circle
        cx={marked.x * width}
        cy={marked.y * height}
        r={pinRadius}
        fill="#ffffff"
        fillOpacity={0.35}
        stroke="#dc2626"
        strokeWidth={3}
        vectorEffect="non-scaling-stroke"
      />
      <circle cx={marked.x * width} cy={marked.y * height} r={pinRadius / 4} fill="#dc2626" />
    </OverlaySvg>
  );

  const cursorPin = onMark && (
    <OverlaySvg label="Marker" width={width} height={height}>
      <g stroke="#dc2626" strokeWidth={2} vectorEffect="non-scaling-stroke">
        <line x1={cursor.x * width - pinRadius} y1={cursor.y * height} x2={cursor.x * width + pinRadius} y2={cursor.y * height} />
        <line x1={cursor.x * width} y1={cursor.y * height - pinRadius} x2={cursor.x * width} y2={cursor.y * height + pinRadius} />
      </g>
      <circle
        cx={cursor.x * width}
        cy={cursor.y * height}
        r={pinRadius / 2}
        fill="none"
        stroke="#ffffff"
        strokeWidth={2}
        vectorEffect="non-scaling-stroke"
      />
    </OverlaySvg>
  );

  const markByKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!onMark) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onMark(cursor);
      return;
    }
    const moved = moveSubjectPoint(cursor, event.key, event.shiftKey);
    if (!moved) return;
    event.preventDefault();
    setCursor(moved);
  };

  // Only a click on the picture itself counts (not on its placeholder while it loads or when it is missing);
  // the drawings over it let clicks through.
  const markAt = (event: MouseEvent<HTMLDivElement>) => {
    if (!onMark || !(event.target instanceof HTMLImageElement)) return;
    const picture = event.target;
    onMark(subjectPointFromClick(event.nativeEvent.offsetX, event.nativeEvent.offsetY, picture.clientWidth, picture.clientHeight));
  };

  return (
    <figure className="space-y-3">
      {/* Marking is by pointer or by keyboard (the marker); Escape or Cancel beside the image leave it. */}
      <div
        ref={markingArea}
        className={onMark ? 'cursor-crosshair rounded-xl focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500' : undefined}
        onClick={onMark ? markAt : undefined}
        onKeyDown={onMark ? markByKey : undefined}
        tabIndex={onMark ? 0 : undefined}
        role={onMark ? 'group' : undefined}
        aria-label={onMark ? 'Mark your building: arrow keys move the marker, Enter analyses the building under it' : undefined}
      >
        <AuthorizedImage
          url={data.image.url}
          alt={data.propertyLocation ? `Aerial image of ${data.propertyLocation}` : 'Analysed aerial image'}
          className="w-full rounded-xl"
          style={{ aspectRatio: `${width} / ${height}` }}
          imgClassName="block h-full w-full object-fill"
          overlay={
            zones || findingsOverlay || markedPin || cursorPin ? (
              <>
                {zones || null}
                {findingsOverlay || null}
                {markedPin || null}
                {cursorPin || null}
              </>
            ) : null
          }
        />
      </div>
      {marked && <p className="text-sm font-medium text-slate-700 dark:text-slate-200">Analysed the building you marked on the image.</p>}
      <figcaption className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <ul className="flex flex-wrap gap-3" aria-label="Legend">
          {legend.map((feature) => {
            const { colour, label } = featureStyle(feature);
            return (
              <li key={feature} className="flex items-center gap-1.5 text-slate-600 dark:text-slate-300">
                <span className="h-3 w-3 rounded-sm ring-1 ring-black/10" style={{ backgroundColor: colour }} aria-hidden="true" />
                {label}
              </li>
            );
          })}
          {zones && (
            <li className="flex items-center gap-1.5 text-slate-600 dark:text-slate-300">
              {[...DEFENSIBLE_SPACE_ZONES].reverse().map((zone) => (
                <span
                  key={zone.label}
                  className="h-3 w-3 rounded-full border-2 bg-transparent"
                  style={{ borderColor: zone.colour }}
                  aria-hidden="true"
                />
              ))}
              Defensible space zones (0–1.5, 1.5–9, 9–30 m)
            </li>
          )}
          {legend.length === 0 && <li className="text-slate-500 dark:text-slate-400">No features were outlined on this image.</li>}
        </ul>
        {shapes.length > 0 && (
          <label className="inline-flex items-center gap-2 font-medium text-slate-700 dark:text-slate-200">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
              checked={showFindings}
              onChange={(event) => setShowFindings(event.target.checked)}
            />
            Show detected features
          </label>
        )}
      </figcaption>
    </figure>
  );
}
