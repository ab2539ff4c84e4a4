/** Builds the mailto: link SEND opens, from the validated form (SPEC §2 About). */
export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

export function contactMailto(to: string, m: ContactMessage): string {
  const subject = `Message from ${m.name.trim()}`;
  const body = `${m.message.trim()}\n\n${m.name.trim()} <${m.email.trim()}>`;
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export function initContactForm(doc: Document): void {
  const form = doc.querySelector<HTMLFormElement>('[data-contact-form]');
  if (!form) return;
  const status = form.querySelector<HTMLElement>('[data-contact-status]');
  form.addEventListener('input', () => {
    if (status) status.textContent = '';
  });
  // The browser has already checked required fields and the email type when submit fires.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const message: ContactMessage = {
      name: String(data.get('name') ?? ''),
      email: String(data.get('email') ?? ''),
      message: String(data.get('message') ?? ''),
    };
    window.location.href = contactMailto(form.dataset.supportEmail ?? '', message);
    if (status) status.textContent = 'Your e-mail app should open with your message ready to send.';
  });
}
