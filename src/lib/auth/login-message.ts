/**
 * The messages /login may show when another page sends the visitor there with `?message=`
 * (after payment, "Your account has been created! Please log in."). Only this known set
 * is shown, never arbitrary text from a URL, so a crafted link cannot put words on our page.
 */
import { Messages } from '../../contract/messages';

const allowed: readonly string[] = [
  Messages.accountCreatedPleaseLogin,
  Messages.upgradedPleaseLogin,
  Messages.sessionExpired,
  Messages.unauthorized,
];

/** The message to show for a `?message=` value, or null when it is not one of ours. */
export function allowedLoginMessage(raw: string | null): string | null {
  if (!raw) return null;
  return allowed.includes(raw) ? raw : null;
}

/**
 * The login URL a page uses to send someone to /login with a known message, and their e-mail when
 * the page knows it (without one, /login fills in the remembered e-mail, if any).
 */
export function loginUrl(email: string | undefined, message: string): string {
  const query = new URLSearchParams(email ? { email, message } : { message });
  return `/login?${query.toString()}`;
}
