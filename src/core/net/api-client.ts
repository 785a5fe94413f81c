// Calls with the X-AUTH-TOKEN (SPEC §7): fetched first when missing, refreshed ONCE on 401 (single-flight, and a
// call whose 401 arrives after another call already refreshed just retries with the new token), signed out when
// the refresh says Fail. Plain, conditional (If-None-Match) and multipart calls share it.
import type { TokenStore } from './token.ts';
import {
  AuthenticationError,
  JsonWebTokenError,
  request,
  UnknownError,
  type Check,
  type HttpAnswer,
  type RequestOptions,
} from './http.ts';

export class ApiClient {
  constructor(
    private readonly tokens: TokenStore,
    /** Told when the session is over (refresh answered Fail, or a fresh token is refused): sign the user out. */
    private readonly onSignedOut: () => Promise<void> | void = () => undefined,
  ) {}

  async json<T>(path: string, check: Check<T>, opts: RequestOptions = {}): Promise<T> {
    const answer = await this.send(path, check, opts);
    if (answer.status === 304)
      throw new UnknownError(`The server's answer to ${path} was not understood (304).`);
    return answer.data;
  }

  /** GET with If-None-Match when an ETag is known: 304 means the stored copy is current. */
  conditional<T>(path: string, check: Check<T>, etag: string | null, opts: RequestOptions = {}) {
    const headers = etag ? { ...opts.headers, 'If-None-Match': etag } : opts.headers;
    return this.send(path, check, { ...opts, ...(headers ? { headers } : {}) });
  }

  multipart<T>(path: string, check: Check<T>, form: FormData, opts: RequestOptions = {}): Promise<T> {
    return this.json(path, check, { method: 'POST', ...opts, form });
  }

  private async send<T>(path: string, check: Check<T>, opts: RequestOptions): Promise<HttpAnswer<T>> {
    const token = (await this.tokens.stored()) ?? (await this.refresh());
    try {
      return await request(path, check, { ...opts, token });
    } catch (err) {
      if (!isUnauthorised(err)) throw err;
      // Another call may already have refreshed while this one waited: then its token is the one to use.
      const current = await this.tokens.stored();
      const fresh = current && current !== token ? current : await this.refresh();
      try {
        return await request(path, check, { ...opts, token: fresh });
      } catch (again) {
        if (isUnauthorised(again)) {
          await this.tokens.clear();
          await this.onSignedOut();
        }
        throw again;
      }
    }
  }

  private async refresh(): Promise<string> {
    const token = await this.tokens.refresh();
    if (token) return token;
    await this.onSignedOut();
    throw new AuthenticationError('Authentication failed: you are not signed on.');
  }
}

const isUnauthorised = (err: unknown) =>
  err instanceof AuthenticationError || err instanceof JsonWebTokenError;
