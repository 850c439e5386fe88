// Downloads from the API's file paths (PDF report, history exports): they answer only the owner's bearer
// token, which a plain link cannot send, so the file is fetched here and saved from a blob: URL under the
// name the server gives in Content-Disposition.
import { getAuthToken } from '../auth/session';

export async function downloadWithToken(url: string, fallbackName: string): Promise<void> {
  const token = await getAuthToken();
  const response = await fetch(url, { credentials: 'same-origin', headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(body?.error?.message ?? `The download failed (${response.status}).`);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const objectUrl = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the browser's download; release it after this turn.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
  }
}
