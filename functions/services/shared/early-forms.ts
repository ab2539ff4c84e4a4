/**
 * Forms an island sends, sent by the browser itself: a person pressed the button (or Enter)
 * before the page's scripts had loaded, or with JavaScript off. Their pages render each form
 * with `method="post"` and no `action`, so the browser posts it to the page's own address. No
 * such post is acted on (the island's call needs what only its script adds: a bot-check token,
 * the session, the reset token); the answer is the same page again, telling the person to press
 * the button once more, with what they typed still in the form where that is safe to show:
 * an e-mail address or a plugin's user code, never a password or a token.
 */
import { ApiMessages } from '../../../src/contract/messages';
import { emailRule, normalizeEmail } from '../../../src/contract/rules';
import { userCodeSchema } from '../../../src/contract/schemas/plugin-sign-in';

/** The element of each such page that shows the notice (src/components/EarlyFormNotice.astro). */
export const EARLY_FORM_NOTICE_ID = 'early-form-notice';

type Keep = (typed: string) => string | null;

/** An e-mail address, normalized, when it is one. */
const keepEmail: Keep = (typed) => {
  const address = normalizeEmail(typed);
  return emailRule(address) === null ? address : null;
};

/** A plugin's user code, as /activate shows it (XXXX-XXXX), when it is one. */
const keepUserCode: Keep = (typed) => {
  const parsed = userCodeSchema.safeParse(typed);
  if (!parsed.success) return null;
  const half = Math.ceil(parsed.data.length / 2);
  return `${parsed.data.slice(0, half)}-${parsed.data.slice(half)}`;
};

/**
 * Each page whose island form the browser can post before hydration, with the fields (by their
 * `name`) shown again. /signup and /reset-password keep their submit buttons disabled until
 * their scripts run, so only a browser that ignores that posts there; they are answered alike.
 */
const earlyForms = {
  '/forgot-password': { email: keepEmail },
  '/activate': { user_code: keepUserCode },
  '/signup': {},
  '/reset-password': {},
} as const satisfies Record<string, Record<string, Keep>>;

export type EarlyFormPath = keyof typeof earlyForms;
export const earlyFormPaths = Object.keys(earlyForms) as EarlyFormPath[];

export interface EarlyFormAnswer {
  /** What the page says above its form; null for a form posted from another site. */
  notice: string | null;
  /** Field name → the value written back into that input. */
  kept: Record<string, string>;
}

/**
 * What the page answers to its own form posted by the browser. A post from another site (any
 * site can make a browser post a form) gets the plain page: nothing it sent is shown.
 */
export function answerEarlyForm(
  path: EarlyFormPath,
  fields: Readonly<Record<string, unknown>>,
  fromOurSite: boolean,
): EarlyFormAnswer {
  if (!fromOurSite) return { notice: null, kept: {} };
  const kept: Record<string, string> = {};
  for (const [name, keep] of Object.entries<Keep>(earlyForms[path])) {
    const typed = fields[name];
    const value = typeof typed === 'string' ? keep(typed) : null;
    if (value !== null) kept[name] = value;
  }
  return { notice: ApiMessages.formSentBeforeLoaded, kept };
}
