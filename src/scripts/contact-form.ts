/**
 * The Get in Touch form on /about (the contact form delivers). SEND posts the
 * message with a bot-check token to POST /api/contact and shows the server's answer; the mailto
 * link beside the form stays as a fallback, and without JavaScript the form still opens the
 * visitor's e-mail app (its action is a mailto: address).
 */
import { Messages } from '../contract/messages';
import { failureFromResponse } from '../islands/shared/api';
import { mountBotCheck } from '../islands/shared/bot-check';

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

/** The mailto: link of the fallback, addressed to support with the message filled in. */
export function contactMailto(to: string, m: ContactMessage): string {
  const subject = `Message from ${m.name.trim()}`;
  const body = `${m.message.trim()}\n\n${m.name.trim()} <${m.email.trim()}>`;
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export const contactFailed =
  'Your message could not be sent. Please try again, or e-mail us directly.';

/** Sends the message; resolves to the server's confirmation or throws an Error with the message to show. */
export async function sendContact(
  message: ContactMessage,
  recaptchaToken: string,
): Promise<string> {
  let response: Response;
  try {
    response = await fetch('/api/contact', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ ...message, recaptchaToken }),
    });
  } catch {
    throw new Error(Messages.sendNetwork);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    throw new Error(
      failureFromResponse(response.status, text, response.headers.get('Retry-After')).message ||
        contactFailed,
    );
  }
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // A 2xx without our JSON still means the message was accepted.
  }
  return 'Thank you! Your message has been sent.';
}

export function initContactForm(doc: Document): void {
  const form = doc.querySelector<HTMLFormElement>('[data-contact-form]');
  if (!form) return;
  const status = form.querySelector<HTMLElement>('[data-contact-status]');
  const errorBox = form.querySelector<HTMLElement>('[data-contact-error]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const botElement = form.querySelector<HTMLElement>('[data-botcheck]');
  const bot = botElement ? mountBotCheck(botElement, 'contact') : null;
  let busy = false;

  const show = (success: string, error: string) => {
    if (status) status.textContent = success;
    if (errorBox) errorBox.textContent = error;
  };
  form.addEventListener('input', () => show('', ''));

  // The browser has already checked required fields and the email type when submit fires.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(form);
    const field = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    const message: ContactMessage = {
      name: field('name'),
      email: field('email'),
      message: field('message'),
    };
    void (async () => {
      show('', '');
      const token = await bot?.takeToken();
      if (!token) return show('', Messages.recaptchaNotReady);
      busy = true;
      if (button) {
        button.disabled = true;
        button.textContent = 'Sending...';
      }
      try {
        show(await sendContact(message, token), '');
        form.reset();
      } catch (error) {
        show('', error instanceof Error ? error.message : contactFailed);
      } finally {
        busy = false;
        if (button) {
          button.disabled = false;
          button.textContent = 'SEND';
        }
      }
    })();
  });
}
