// Calls with the X-AUTH-TOKEN (product.md#the-calls): fetched first when missing, refreshed ONCE on 401 (single-flight, and a
// call whose 401 arrives after another call already refreshed just retries with the new token), signed out when
// the refresh says Fail. Plain, conditional (If-None-Match) and multipart calls share it. Two conditional GETs of
// the same path with the same ETag at once (the sync's own-vessel dataset and the vessel page opened meanwhile) make
// one request: on a paid link the second copy of an answer is money for nothing.
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
  /** Conditional GETs on the wire, by path and ETag: a caller asking the same meanwhile shares the answer. */
  private readonly inFlight = new Map<string, Promise<HttpAnswer<unknown>>>();

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

  /**
   * GET with If-None-Match when an ETag is known: 304 means the stored copy is current. A plain GET made while the
   * same one (path and ETag) is on the wire shares its answer; a path answers one shape, so the first caller's check
   * stands for both.
   */
  conditional<T>(
    path: string,
    check: Check<T>,
    etag: string | null,
    opts: RequestOptions = {},
  ): Promise<HttpAnswer<T>> {
    const headers = etag ? { ...opts.headers, 'If-None-Match': etag } : opts.headers;
    const send = () => this.send(path, check, { ...opts, ...(headers ? { headers } : {}) });
    const shareable = (opts.method ?? 'GET') === 'GET' && opts.headers === undefined;
    if (!shareable) return send();
    const key = `${path}\n${etag ?? ''}`;
    const running = this.inFlight.get(key);
    if (running) return running as Promise<HttpAnswer<T>>;
    const started = send().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, started);
    return started;
  }

  multipart<T>(path: string, check: Check<T>, form: FormData, opts: RequestOptions = {}): Promise<T> {
    return this.json(path, check, { method: 'POST', ...opts, form });
  }

  private async send<T>(path: string, check: Check<T>, opts: RequestOptions): Promise<HttpAnswer<T>> {
    // A token that ran out is renewed before the call, not after a 401 (a round trip and a KB on a paid link).
    const token = (await this.tokens.usable()) ?? (await this.signedOut());
    try {
      return await this.kept(await request(path, check, { ...opts, token }));
    } catch (err) {
      if (!isUnauthorised(err)) throw err;
      // Another call may already have refreshed while this one waited: then its token is the one to use.
      const current = await this.tokens.stored();
      const fresh = current && current !== token ? current : await this.refresh();
      try {
        return await this.kept(await request(path, check, { ...opts, token: fresh }));
      } catch (again) {
        if (isUnauthorised(again)) {
          await this.tokens.clear();
          await this.onSignedOut();
        }
        throw again;
      }
    }
  }

  /** The server renewed the token on this answer: use the new one from now on. */
  private async kept<T>(answer: HttpAnswer<T>): Promise<HttpAnswer<T>> {
    if (answer.renewedToken) await this.tokens.accept(answer.renewedToken);
    return answer;
  }

  private async refresh(): Promise<string> {
    return (await this.tokens.refresh({ sameUser: true })) ?? this.signedOut();
  }

  private async signedOut(): Promise<never> {
    await this.onSignedOut();
    throw new AuthenticationError('Authentication failed: you are not signed on.');
  }
}

const isUnauthorised = (err: unknown) =>
  err instanceof AuthenticationError || err instanceof JsonWebTokenError;
