/**
 * The bot check widget, framework-free so the React islands and the small
 * contact-form script share it. Production renders Cloudflare Turnstile explicitly with the
 * action the server checks; development renders a visible local widget whose tokens come from
 * POST /dev/botcheck/token. Tokens are single use: every submit takes a fresh one.
 */
import { loadPublicConfig, loadScript } from './config';

/** Actions the server checks: 'signup' and 'resend_verification' for the signup codes, 'contact'
 * for Get in Touch, 'forgot_password' for the reset request. */
export type BotAction = 'signup' | 'resend_verification' | 'contact' | 'forgot_password';

export interface BotCheckController {
  /** True when a submit can get a token now. */
  isReady(): boolean;
  /** A fresh single-use token, or null when the check is not ready (callers then show
   * `Messages.recaptchaNotReady`). */
  takeToken(): Promise<string | null>;
  destroy(): void;
}

interface TurnstileApi {
  render(container: HTMLElement, options: Record<string, unknown>): string | null | undefined;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

const TURNSTILE_SRC = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

let widgetCount = 0;

/** Renders the widget into `container` and reports readiness changes through `onChange`. */
export function mountBotCheck(
  container: HTMLElement,
  action: BotAction,
  onChange: (ready: boolean) => void = () => {},
): BotCheckController {
  let destroyed = false;
  let inner: BotCheckController | null = null;
  container.classList.add('botcheck');

  loadPublicConfig()
    .then(async (config) => {
      if (destroyed) return;
      if (config.botCheck.mode === 'local') inner = mountLocal(container, action, onChange);
      else inner = await mountTurnstile(container, action, config.botCheck.siteKey ?? '', onChange);
      if (destroyed) inner.destroy();
    })
    .catch((error: unknown) => {
      console.warn('Bot check could not be loaded', error);
      if (!destroyed)
        container.textContent = 'The bot check could not be loaded. Please refresh the page.';
    });

  return {
    isReady: () => inner?.isReady() ?? false,
    takeToken: () => inner?.takeToken() ?? Promise.resolve(null),
    destroy: () => {
      destroyed = true;
      inner?.destroy();
      container.replaceChildren();
    },
  };
}

/** Development widget: a visible checkbox; each token is fetched when a submit needs it. */
function mountLocal(
  container: HTMLElement,
  action: BotAction,
  onChange: (ready: boolean) => void,
): BotCheckController {
  const id = `botcheck-${++widgetCount}`;
  const wrapper = document.createElement('div');
  wrapper.className = 'botcheck-local';
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.id = id;
  const label = document.createElement('label');
  label.htmlFor = id;
  label.textContent = 'Verify you are human';
  const note = document.createElement('p');
  note.className = 'botcheck-note';
  note.textContent = 'Local bot check (development)';
  const row = document.createElement('div');
  row.className = 'botcheck-row';
  // appendChild, not append: the Workers types in this project redefine Element.append.
  row.appendChild(box);
  row.appendChild(label);
  wrapper.appendChild(row);
  wrapper.appendChild(note);
  container.replaceChildren(wrapper);
  box.addEventListener('change', () => onChange(box.checked));

  return {
    isReady: () => box.checked,
    takeToken: async () => {
      if (!box.checked) return null;
      try {
        const response = await fetch('/dev/botcheck/token', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ action }),
        });
        if (!response.ok) return null;
        const body: unknown = await response.json();
        const token =
          body && typeof body === 'object' ? (body as Record<string, unknown>)['token'] : null;
        return typeof token === 'string' ? token : null;
      } catch {
        return null;
      }
    },
    destroy: () => wrapper.remove(),
  };
}

/** Production widget: Turnstile, reset after each token is taken so the next submit gets a new one. */
async function mountTurnstile(
  container: HTMLElement,
  action: BotAction,
  siteKey: string,
  onChange: (ready: boolean) => void,
): Promise<BotCheckController> {
  await loadScript(TURNSTILE_SRC);
  const api = window.turnstile;
  if (!api || !siteKey) throw new Error('Turnstile is not available');
  let token: string | null = null;
  const update = (next: string | null) => {
    token = next;
    onChange(token !== null);
  };
  const target = document.createElement('div');
  container.replaceChildren(target);
  const widgetId = api.render(target, {
    sitekey: siteKey,
    action,
    callback: (value: string) => update(value),
    'expired-callback': () => update(null),
    'error-callback': () => update(null),
  });
  if (!widgetId) throw new Error('Turnstile did not render');
  return {
    isReady: () => token !== null,
    takeToken: async () => {
      const taken = token;
      if (taken === null) return null;
      update(null);
      api.reset(widgetId);
      return taken;
    },
    destroy: () => api.remove(widgetId),
  };
}
