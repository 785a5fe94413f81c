// What a push request carried, seen from the wire: each operation as the per-item call it stands for (method, path
// without its query) with the status the push answered for it, so tests that watch calls keep their meaning.
import { gunzipSync } from 'node:zlib';
import { SYNC_PUSH_PATH, type PushBody, type PushResponse } from '../../src/core/contract/sync.ts';

const API_PREFIX = '/api/v2/app';

export interface PushedCall {
  method: string;
  path: string;
  /** The status of the per-item call; null when the push's answer did not come (or was not JSON). */
  status: number | null;
  outcome: string | null;
}

export const isPush = (pathname: string): boolean => pathname === SYNC_PUSH_PATH;

/** A request body as the client sent it: JSON text, or gzipped JSON (a long push). */
function requestText(init: RequestInit | undefined): string {
  const raw = init?.body;
  if (raw instanceof ArrayBuffer || ArrayBuffer.isView(raw)) {
    const bytes =
      raw instanceof ArrayBuffer
        ? new Uint8Array(raw)
        : new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
    const gzip = new Headers(init?.headers).get('content-encoding') === 'gzip';
    return (gzip ? gunzipSync(bytes) : Buffer.from(bytes)).toString('utf8');
  }
  return String(raw ?? '{}');
}

/** The calls a push request carried, from its body and its answer (read from a clone). */
export async function pushedCalls(
  init: RequestInit | undefined,
  res: Response | null,
): Promise<PushedCall[]> {
  const body = JSON.parse(requestText(init)) as Partial<PushBody>;
  let results: PushResponse['results'] = [];
  if (res?.ok) {
    try {
      results = ((await res.clone().json()) as PushResponse).results;
    } catch {
      results = [];
    }
  }
  return (body.ops ?? []).map((op) => {
    const result = results.find((r) => r.id === op.id);
    return {
      method: op.method,
      path: `${API_PREFIX}${op.path.split('?')[0] ?? op.path}`,
      status: result?.status ?? null,
      outcome: result?.outcome ?? null,
    };
  });
}
