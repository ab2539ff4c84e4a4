/**
 * The console bar's live parts, without React: who is signed in (GET /api/admin/session) and how
 * many inbox messages are new (GET /api/admin/inbox, updated by the inbox page's
 * `console:new-count` event). A session that needs a fresh sign-in says so with a link.
 */
import { inboxSchema, operatorSchema } from '../../contract/admin';
import { adminGet, problemOf, signInAgain, signInAgainHref } from './console-api';
import { formatDateTime } from '../../lib/format';

function showCount(root: ParentNode, count: number): void {
  const badge = root.querySelector<HTMLElement>('[data-new-count]');
  if (!badge) return;
  badge.textContent = `${count} new`;
  badge.hidden = count === 0;
}

function signInLink(): HTMLAnchorElement {
  const link = document.createElement('a');
  link.href = signInAgainHref();
  link.textContent = 'Sign in again';
  link.addEventListener('click', (event) => {
    event.preventDefault();
    void signInAgain();
  });
  return link;
}

async function showOperator(root: ParentNode): Promise<void> {
  const slot = root.querySelector<HTMLElement>('[data-operator]');
  if (!slot) return;
  try {
    const operator = await adminGet('/api/admin/session', operatorSchema);
    slot.textContent = `Signed in as ${operator.customerName} (${operator.email})`;
    slot.title = `This sign-in is good for the console until ${formatDateTime(operator.freshUntil)}.`;
  } catch (error) {
    const problem = problemOf(error);
    if (problem.kind === 'signin') {
      slot.textContent = 'Your console sign-in has expired. ';
      slot.appendChild(signInLink());
    } else {
      slot.textContent = 'Could not check who is signed in.';
    }
  }
}

async function loadCount(root: ParentNode): Promise<void> {
  try {
    const inbox = await adminGet('/api/admin/inbox?status=new', inboxSchema);
    showCount(root, inbox.newCount);
  } catch {
    // The count is a convenience; the inbox page itself says what went wrong.
  }
}

/** Fills the console bar and keeps its count current. */
export function initConsoleNav(root: ParentNode): void {
  window.addEventListener('console:new-count', (event) => {
    const count = (event as CustomEvent<unknown>).detail;
    if (typeof count === 'number') showCount(root, count);
  });
  void showOperator(root);
  // The inbox page announces the count from its own call; no second one there.
  if (!window.location.pathname.startsWith('/admin/inbox')) void loadCount(root);
}
