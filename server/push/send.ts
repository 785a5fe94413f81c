// How one push message leaves the server: web-push's sendNotification for https push services (every real
// browser's), and, outside production only, plain HTTP to a push service on loopback (tests, demos). web-push
// speaks TLS to every endpoint, so for loopback its own request details (encrypted body, VAPID headers) are
// sent with node:http instead.
import { request } from 'node:http';
import webpush, { type PushSubscription, type RequestOptions } from 'web-push';

/** Sends one encrypted message; rejects with a web-push WebPushError (statusCode) when the service refuses it. */
export type PushSend = (
  subscription: PushSubscription,
  payload: string,
  options: RequestOptions,
) => Promise<unknown>;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost']);

/** An http://127.0.0.1:<port>/… or http://localhost:<port>/… endpoint (accepted outside production only). */
export function isLoopbackHttp(endpoint: string): boolean {
  try {
    const u = new URL(endpoint);
    return u.protocol === 'http:' && LOOPBACK_HOSTS.has(u.hostname) && u.port !== '';
  } catch {
    return false;
  }
}

function sendOverLoopbackHttp(
  subscription: PushSubscription,
  payload: string,
  options: RequestOptions,
): Promise<unknown> {
  const details = webpush.generateRequestDetails(subscription, payload, options);
  return new Promise((resolve, reject) => {
    const req = request(
      details.endpoint,
      {
        method: details.method,
        headers: details.headers as Record<string, string | number>,
        ...(options.timeout ? { timeout: options.timeout } : {}),
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status <= 299)
            resolve({ statusCode: status, body: text, headers: res.headers });
          else
            reject(
              new webpush.WebPushError(
                'Received unexpected response code',
                status,
                res.headers as Record<string, string>,
                text,
                details.endpoint,
              ),
            );
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('Socket timeout')));
    req.on('error', reject);
    if (details.body) req.write(details.body);
    req.end();
  });
}

/** The default sender; `allowLoopbackHttp` is the dev API's switch (off in production). */
export function defaultSend(allowLoopbackHttp: boolean): PushSend {
  return (subscription, payload, options) => {
    if (subscription.endpoint.startsWith('https://'))
      return webpush.sendNotification(subscription, payload, options);
    if (allowLoopbackHttp && isLoopbackHttp(subscription.endpoint))
      return sendOverLoopbackHttp(subscription, payload, options);
    return Promise.reject(new Error('push endpoint is neither https nor an allowed loopback http URL'));
  };
}
