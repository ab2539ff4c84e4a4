/**
 * Request bodies of the owner's single sign-on settings (routes/team-sso.ts), validated by the
 * Worker: the issuer, client ID and client secret saved, and "Require single sign-on" turned on
 * or off. Whether an http:// issuer may be used (only a local provider on a development copy) and
 * what the provider answers are the service's to say (services/organizations/sso-settings.ts).
 * Server only.
 */
import { z } from 'zod';
import {
  ssoClientIdNotPlain,
  ssoClientIdRequired,
  ssoClientIdTooLong,
  ssoClientSecretTooLong,
  ssoIssuerExtras,
  ssoIssuerNotUrl,
  ssoIssuerRequired,
  ssoIssuerTooLong,
  ssoLimits,
  ssoRequiredNotBoolean,
} from '../sso-settings';
import { lazySchema } from './lazy';
import { trimmedPattern } from './patterns';

/**
 * The issuer as typed, trimmed and without one trailing slash after a path (Entra ID's
 * `…/v2.0/` is `…/v2.0`), or a sentence saying what is wrong with it.
 */
export function normalizeIssuer(typed: string): { issuer: string } | { problem: string } {
  const text = typed.trim();
  if (!text) return { problem: ssoIssuerRequired };
  if (text.length > ssoLimits.issuer) return { problem: ssoIssuerTooLong };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: ssoIssuerNotUrl };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { problem: ssoIssuerNotUrl };
  if (!url.hostname) return { problem: ssoIssuerNotUrl };
  if (url.username || url.password || url.search || url.hash || /[?#]/.test(text)) {
    return { problem: ssoIssuerExtras };
  }
  const issuer = text.length > url.origin.length + 1 ? text.replace(/\/$/, '') : text;
  return { issuer };
}

/** A web address as an issuer is written, spaces around it allowed (they are trimmed). */
const ISSUER_PATTERN =
  "^\\s*https?://[A-Za-z][A-Za-z0-9-]*(\\.[A-Za-z][A-Za-z0-9-]*)*(:[1-9][0-9]{0,3})?(/[A-Za-z0-9._~%!$&'()*+,;=:@/-]*)?\\s*$";

/** Any character but the control characters, as a client ID or secret is. */
const PLAIN = '[^\\u0000-\\u001F\\u007F]';

/**
 * PUT /api/team/sso: the issuer (https://, or http://localhost on a development copy), the client
 * ID and the client secret. The secret may be left out (or empty) to keep the one saved; a first
 * connection needs it (the service says so).
 */
export const saveSsoSchema = lazySchema(() =>
  z.object({
    issuer: z
      .string()
      .max(ssoLimits.issuer + 100, ssoIssuerTooLong)
      .transform((typed, context) => {
        const result = normalizeIssuer(typed);
        if ('problem' in result) {
          context.addIssue({ code: 'custom', message: result.problem });
          return z.NEVER;
        }
        return result.issuer;
      })
      // What normalizeIssuer takes, for tools that read the document: a web address with a host
      // name (its last label not a number) and a path, no query, fragment or user.
      .meta({ pattern: ISSUER_PATTERN }),
    clientId: z
      .string()
      .trim()
      .min(1, ssoClientIdRequired)
      .max(ssoLimits.clientId, ssoClientIdTooLong)
      .regex(new RegExp(`^${PLAIN}*$`), ssoClientIdNotPlain)
      .meta({ pattern: trimmedPattern(1, ssoLimits.clientId, PLAIN) }),
    clientSecret: z
      .string()
      .trim()
      .max(ssoLimits.clientSecret, ssoClientSecretTooLong)
      .transform((secret) => (secret === '' ? undefined : secret))
      .optional(),
  }),
);
export type SaveSsoBody = z.infer<typeof saveSsoSchema>;

/** PUT /api/team/sso/required: "Require single sign-on" on or off. */
export const requireSsoSchema = lazySchema(() =>
  z.object({ required: z.boolean({ error: ssoRequiredNotBoolean }) }),
);
export type RequireSsoBody = z.infer<typeof requireSsoSchema>;
