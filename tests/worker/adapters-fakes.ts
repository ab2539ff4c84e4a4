/**
 * Local fake servers for the real adapters' tests: a fetch that hands each request to a handler
 * inside the test (no network), records what was sent, and honours AbortSignal like a real
 * fetch, so timeouts can be tested with a handler that never answers.
 */
import { env } from 'cloudflare:workers';
import { vi } from 'vitest';
import type { Adapters } from '../../functions/adapters/types';
import { createApp } from '../../functions/app';
import type { Bindings } from '../../functions/env';
import { ORIGIN } from './helpers';

/** One request as the fake server received it. */
export interface Recorded {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}

export interface FakeServer {
  /** Pass to an adapter's `fetch` option. */
  fetch: typeof fetch;
  requests: Recorded[];
  /** Routes the global fetch here too (for adapters the app builds); undone by vi.restoreAllMocks. */
  install(): void;
}

/** A fake server answering every request with `handler`. */
export function fakeServer(
  handler: (request: Request) => Response | Promise<Response>,
): FakeServer {
  const requests: Recorded[] = [];
  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const body = await request.clone().text();
    requests.push({ url: request.url, method: request.method, headers: request.headers, body });
    const signal = init?.signal ?? undefined;
    signal?.throwIfAborted();
    if (!signal) return handler(request);
    return Promise.race([
      handler(request),
      new Promise<never>((_, reject) => {
        const abort = () =>
          reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
        signal.addEventListener('abort', abort, { once: true });
      }),
    ]);
  };
  const server: FakeServer = {
    fetch: fakeFetch,
    requests,
    install() {
      vi.spyOn(globalThis, 'fetch').mockImplementation(fakeFetch);
    },
  };
  return server;
}

/** A handler that never answers: the request can only end by its own timeout. */
export const neverAnswers = () => new Promise<Response>(() => {});

/** A fresh app with the real adapter selection; `bindings` replace env values for this app. */
export function appWith(bindings: Partial<Bindings>, adapters: Partial<Adapters> = {}) {
  const app = createApp({ adapters });
  const fullEnv: Bindings = { ...env, ...bindings };
  const request = (path: string, init: RequestInit = {}) =>
    app.request(new URL(path, ORIGIN).toString(), init, fullEnv);
  return { app, request, env: fullEnv };
}

/** A private RSA JWK as DEV_GOOGLE_PRIVATE_JWK holds it (the shape `npm start` writes). */
export async function devGooglePrivateJwk(): Promise<string> {
  const pair = await crypto.subtle.generateKey(
    {
      name: 'RSASSA-PKCS1-v1_5',
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    true,
    ['sign', 'verify'],
  );
  return JSON.stringify(await crypto.subtle.exportKey('jwk', pair.privateKey));
}
