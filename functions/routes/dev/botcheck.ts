/**
 * The local bot check: the islands' development widget asks
 * `POST /dev/botcheck/token {"action": "signup"}` for a token and sends it where Turnstile's
 * would go; the local BotCheck then accepts it once, for that action, within 5 minutes.
 */
import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { adapterModes } from '../../adapters';
import { botActions } from '../../adapters/botcheck';
import { issueLocalBotToken, LOCAL_TOKEN_TTL_MS } from '../../adapters/botcheck-local';
import type { AppEnv } from '../../env';
import { ApiMessages } from '../../../src/contract/messages';
import { fail } from '../../lib/errors';
import { devPage } from './page';

const tokenRequest = z.object({ action: z.enum(botActions) });

export const botcheckRoutes = new Hono<AppEnv>()
  .post('/botcheck/token', async (c) => {
    const parsed = tokenRequest.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      throw fail('BAD_REQUEST', { message: ApiMessages.devBotTokenUsage(botActions) });
    }
    const token = await issueLocalBotToken(c.get('config').JWT_SECRET, parsed.data.action);
    return c.json({ token });
  })
  .get('/botcheck', (c) => {
    const mode = adapterModes(c.get('config')).botCheck;
    return devPage(c, {
      title: 'Bot check',
      body: html`<h1>Bot check (local)</h1>
        ${
          mode === 'turnstile'
            ? html`<p class="note">
                Turnstile keys are set, so the API uses Turnstile and refuses local tokens.
              </p>`
            : ''
        }
        <p>
          Without Turnstile keys, development uses local tokens. In place of the Turnstile widget,
          the forms ask for one with
          <code>POST /dev/botcheck/token</code> and the JSON body
          <code>{"action": "signup"}</code> (actions: ${botActions.join(', ')}); the answer is
          <code>{"token": "…"}</code>.
        </p>
        <p>
          The API accepts a token only for the action it was issued for, only once, and only within
          ${LOCAL_TOKEN_TTL_MS / 60_000} minutes. Anything else is refused, as Turnstile would.
        </p>
        <p><a href="/dev/">All development tools</a></p>`,
    });
  });
