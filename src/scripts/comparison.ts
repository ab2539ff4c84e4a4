/** Expands a comparison row's details when the row (or its button) is clicked. */
export function initComparison(doc: Document): void {
  for (const row of doc.querySelectorAll<HTMLTableRowElement>('[data-comparison] [data-row]')) {
    const button = row.querySelector<HTMLButtonElement>('button[aria-controls]');
    const details = button && doc.getElementById(button.getAttribute('aria-controls') ?? '');
    if (!button || !details) continue;
    row.addEventListener('click', () => {
      const open = button.getAttribute('aria-expanded') !== 'true';
      button.setAttribute('aria-expanded', String(open));
      details.hidden = !open;
    });
  }
}
