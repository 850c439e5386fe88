import { useEffect, useState } from 'react';
import { getAuthToken } from '../../auth/session';

export type AuthorizedImage = { status: 'loading' } | { status: 'ready'; src: string } | { status: 'error' };

/**
 * The image endpoints answer only the owner's bearer token, which an <img src> cannot send: the image is
 * fetched here and shown from a blob: URL, released when the component goes away or the URL changes.
 */
export function useAuthorizedImage(url: string | null | undefined): AuthorizedImage {
  const [state, setState] = useState<{ url: string | null | undefined; image: AuthorizedImage }>({
    url,
    image: { status: 'loading' },
  });

  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    void (async () => {
      try {
        const token = await getAuthToken();
        const response = await fetch(url, {
          credentials: 'same-origin',
          headers: token ? { Authorization: `Bearer ${token}` } : {},
          signal: controller.signal,
        });
        if (!response.ok) throw new Error(`image answered ${response.status}`);
        const blob = await response.blob();
        if (!blob.type.startsWith('image/')) throw new Error(`image answered ${blob.type}`);
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url, image: { status: 'ready', src: objectUrl } });
      } catch {
        if (!controller.signal.aborted) setState({ url, image: { status: 'error' } });
      }
    })();
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  if (!url) return { status: 'error' };
  // Until the effect has answered for a new URL, the previous URL's image is not this one.
  return state.url === url ? state.image : { status: 'loading' };
}
