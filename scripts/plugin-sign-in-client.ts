/**
 * The plugin's sign-in from its ribbon and its license management, as the reference client does
 * them (src/contract/schemas/plugin-sign-in.ts, src/contract/schemas/plugin-licenses.ts): the
 * device flow (ask for codes, show them, poll at the interval, slow down when told), refreshing
 * the access token when it has expired, and the token's license calls. Pure functions over an
 * injectable `fetch` and `sleep`; the CLI keeps the tokens (scripts/license-client-sign-in.ts).
 *
 * Node runs this file through type stripping: erasable TypeScript only, explicit `.ts` imports.
 */
import { z } from 'zod';
import { pluginSignIn } from '../src/site.config.ts';
import {
  DEVICE_CODE_GRANT,
  REFRESH_TOKEN_GRANT,
  deviceAuthorizationResponseSchema,
  oauthErrorSchema,
  tokenResponseSchema,
  type DeviceAuthorizationResponse,
  type TokenResponse,
} from '../src/contract/schemas/plugin-sign-in.ts';
import { createPluginClient, type Fetch, type Result } from './license-client-core.ts';

/** Tokens as the client keeps them: `expiresAt` is when the access token stops working (ms). */
export interface SavedTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
}

export interface SignInOptions {
  baseUrl: string;
  fetch?: Fetch;
  /** Waits `ms`; tests pass one that advances a fake clock. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** Turns a token answer into what is kept, with a minute's margin before the expiry. */
export function toSaved(tokens: TokenResponse, now: number): SavedTokens {
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    expiresAt: now + (tokens.expires_in - 60) * 1000,
  };
}

/** The OAuth calls and the token's license calls. */
export function createSignInClient(options: SignInOptions) {
  const doFetch: Fetch = options.fetch ?? ((url, init) => fetch(url, init));
  const sleep = options.sleep ?? ((ms) => new Promise((done) => setTimeout(done, ms)));
  const now = options.now ?? (() => Date.now());
  const url = (path: string) => new URL(path, options.baseUrl).toString();

  /** POST form-encoded; the answer parsed with `schema`, or the OAuth error. */
  async function form<T>(
    path: string,
    params: Record<string, string>,
    schema: z.ZodType<T>,
  ): Promise<Result<T>> {
    let response: Response;
    try {
      response = await doFetch(url(path), {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(params).toString(),
      });
    } catch {
      return { ok: false, problem: { code: 'NETWORK', message: 'The site could not be reached.' } };
    }
    const json: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const parsed = schema.safeParse(json);
      if (parsed.success) return { ok: true, data: parsed.data };
    }
    const error = oauthErrorSchema.safeParse(json);
    return {
      ok: false,
      problem: error.success
        ? { code: error.data.error, message: error.data.error_description, status: response.status }
        : {
            code: 'SERVER',
            message: `The site answered ${response.status}.`,
            status: response.status,
          },
    };
  }

  /** Step 1: ask for a device code and the user code to show. */
  function start(device: { deviceName?: string | undefined; deviceId?: string | undefined }) {
    return form(
      '/api/oauth/device',
      {
        client_id: pluginSignIn.clientId,
        scope: pluginSignIn.scope,
        ...(device.deviceName ? { device_name: device.deviceName } : {}),
        ...(device.deviceId ? { device_id: device.deviceId } : {}),
      },
      deviceAuthorizationResponseSchema,
    );
  }

  /**
   * Step 2: poll at the interval until the customer decides or the code expires; slow_down adds
   * `slowDownStepSeconds` to the interval, as the server does.
   */
  async function waitForTokens(
    started: DeviceAuthorizationResponse,
  ): Promise<Result<TokenResponse>> {
    let interval = started.interval;
    const deadline = now() + started.expires_in * 1000;
    for (;;) {
      await sleep(interval * 1000);
      const answer = await form(
        '/api/oauth/token',
        {
          grant_type: DEVICE_CODE_GRANT,
          device_code: started.device_code,
          client_id: pluginSignIn.clientId,
        },
        tokenResponseSchema,
      );
      if (answer.ok) return answer;
      const { code } = answer.problem;
      if (code === 'slow_down') interval += pluginSignIn.slowDownStepSeconds;
      else if (code !== 'authorization_pending' && code !== 'NETWORK') return answer;
      if (now() >= deadline) {
        return { ok: false, problem: { code: 'expired_token', message: 'The code expired.' } };
      }
    }
  }

  /** A new pair for the refresh token (the old refresh token stops working). */
  function refresh(refreshToken: string) {
    return form(
      '/api/oauth/token',
      {
        grant_type: REFRESH_TOKEN_GRANT,
        refresh_token: refreshToken,
        client_id: pluginSignIn.clientId,
      },
      tokenResponseSchema,
    );
  }

  /** Ends the sign-in on the server. */
  function revoke(token: string) {
    return form('/api/oauth/revoke', { token, client_id: pluginSignIn.clientId }, z.unknown());
  }

  /** The license API with a Bearer token. */
  function licenses(accessToken: string) {
    return createPluginClient({ baseUrl: options.baseUrl, fetch: doFetch, accessToken });
  }

  return { start, waitForTokens, refresh, revoke, licenses };
}
