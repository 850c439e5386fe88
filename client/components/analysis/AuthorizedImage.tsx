import { useState, type CSSProperties, type ReactNode } from 'react';
import { Spinner } from '../Spinner';
import { useAuthorizedImage } from './useAuthorizedImage';

type Props = {
  url: string | null | undefined;
  alt: string;
  /** Classes of the box the image, its spinner and its placeholder fill. */
  className?: string;
  style?: CSSProperties;
  imgClassName?: string;
  /** Drawn over the image once it has loaded (the findings overlay). */
  overlay?: ReactNode;
};

/** An image from an owner-only endpoint, with 'Image Not Available' in its place when it cannot be shown. */
export function AuthorizedImage({ url, alt, className = '', style, imgClassName = 'h-full w-full object-cover', overlay }: Props) {
  const image = useAuthorizedImage(url);
  const [broken, setBroken] = useState<string | null>(null);
  const failed = image.status === 'error' || (image.status === 'ready' && broken === image.src);
  return (
    <div className={`relative overflow-hidden bg-slate-100 dark:bg-slate-800 ${className}`} style={style}>
      {image.status === 'loading' && (
        <div className="absolute inset-0 flex items-center justify-center text-slate-400">
          <Spinner className="h-6 w-6" />
          <span className="sr-only">Loading image…</span>
        </div>
      )}
      {failed && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 p-4 text-center text-sm font-medium text-slate-500 dark:text-slate-400">
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.6} className="h-8 w-8" aria-hidden="true">
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <path d="m3 16 5-5 4 4 3-3 6 6M4 4l16 16" />
          </svg>
          Image Not Available
        </div>
      )}
      {image.status === 'ready' && !failed && (
        <>
          <img src={image.src} alt={alt} className={imgClassName} onError={() => setBroken(image.src)} />
          {overlay}
        </>
      )}
    </div>
  );
}
