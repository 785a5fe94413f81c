// How one push message leaves the server (architecture.md#push-endpoints): the endpoint and keys are checked
// again (PUSH_SERVICES may have changed since the subscription was saved), then web-push's sendNotification sends it
// through an agent that connects to public addresses only. With PUSH_LOOPBACK (tests, demos) a push service on
// loopback over plain HTTP is reached too: web-push speaks TLS only, so its request details go through node:http.
import { request } from 'node:http';
import type { LookupFunction } from 'node:net';
import webpush, { type PushSubscription, type RequestOptions } from 'web-push';
import {
  guardedAgent,
  guardedLookup,
  isLoopbackAddress,
  isPublicAddress,
  PushRefused,
  type Resolver,
} from './address.ts';
import { endpointRefusal, keysRefusal, type EndpointRules } from './endpoint.ts';

/**
 * Sends one encrypted message; rejects with a web-push WebPushError (statusCode) when the service refuses it, and
 * with PushRefused when it must never be sent (refused endpoint, keys or address).
 */
export type PushSend = (
  subscription: PushSubscription,
  payload: string,
  options: RequestOptions,
) => Promise<unknown>;

function sendOverLoopbackHttp(
  subscription: PushSubscription,
  payload: string,
  options: RequestOptions,
  lookup: LookupFunction,
): Promise<unknown> {
  const details = webpush.generateRequestDetails(subscription, payload, options);
  return new Promise((resolve, reject) => {
    const req = request(
      details.endpoint,
      {
        method: details.method,
        headers: details.headers as Record<string, string | number>,
        lookup,
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

/**
 * The default sender. `resolve` replaces the system's resolver (tests map names to addresses with it); whatever it
 * answers, only public addresses are connected to, and with `rules.loopback` loopback ones for http endpoints.
 */
export function defaultSend(rules: EndpointRules, resolve?: Resolver): PushSend {
  const agent = guardedAgent(isPublicAddress, resolve);
  const loopbackLookup = guardedLookup(isLoopbackAddress, resolve);
  return async (subscription, payload, options) => {
    const endpoint = endpointRefusal(subscription.endpoint, rules);
    if (endpoint !== null) throw new PushRefused(`endpoint ${endpoint}`);
    const keys = keysRefusal(subscription.keys);
    if (keys !== null) throw new PushRefused(keys);
    // web-push reads the URL with the legacy url.parse: it gets the form URL wrote, so both read the same host.
    const url = new URL(subscription.endpoint);
    const sub = { ...subscription, endpoint: url.href };
    if (url.protocol === 'http:') return sendOverLoopbackHttp(sub, payload, options, loopbackLookup);
    // No proxy option: web-push would then connect through it and not through the agent.
    return webpush.sendNotification(sub, payload, { ...options, agent });
  };
}
