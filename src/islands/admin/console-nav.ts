/**
 * The console bar's live parts, without React: who is signed in (GET /api/admin/session) and how
 * many inbox messages are new (GET /api/admin/inbox, updated by the inbox page's
 * `console:new-count` event). A session that needs a fresh sign-in says so with a link; one
 * without a second factor gets the steps to set one up in place of the page.
 */
import { adminGet, problemOf, signInAgain, signInAgainHref } from './console-api';
import { formatDateTime } from '../../lib/format';
import { isGetOperatorAnswer } from '../../generated/answers/GetOperatorAnswer';
import { isListContactMessagesAnswer } from '../../generated/answers/ListContactMessagesAnswer';

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

/** An element with text, and children appended after it. */
function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text: string,
  ...children: Node[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.textContent = text;
  for (const child of children) node.appendChild(child);
  return node;
}

function settingsLink(): HTMLAnchorElement {
  const link = element('a', 'Account Settings');
  link.href = '/dashboard/settings';
  return link;
}

/**
 * The console's gate for a session without a second factor: the server's message and how to set
 * one up, in place of the page (whose calls would all be refused the same way).
 */
function showSecondFactorGate(root: ParentNode, message: string): void {
  const main = root.querySelector<HTMLElement>('main');
  if (!main || main.querySelector('.console-gate')) return;
  // Inline, not `hidden`: an island's element is `display: contents`, which `hidden` loses to.
  for (const child of Array.from(main.children)) {
    if (child.tagName !== 'H1') (child as HTMLElement).style.display = 'none';
  }
  const steps = element(
    'ol',
    '',
    element(
      'li',
      'Open ',
      settingsLink(),
      document.createTextNode(
        ' and add a passkey, or set up an authenticator app under Two-Step Sign-In.',
      ),
    ),
    element(
      'li',
      'Come back here. If you added a passkey, ',
      signInLink(),
      document.createTextNode(' with it first.'),
    ),
  );
  steps.className = 'console-steps';
  const gate = element('div', '', element('p', message), steps);
  gate.className = 'console-alert console-gate';
  gate.setAttribute('role', 'alert');
  (gate.firstElementChild as HTMLElement).className = 'form-error';
  main.appendChild(gate);
}

/** Who is signed in; false when the console refuses this session. */
async function showOperator(root: ParentNode): Promise<boolean> {
  const slot = root.querySelector<HTMLElement>('[data-operator]');
  try {
    const operator = await adminGet('/api/admin/session', isGetOperatorAnswer);
    if (slot) {
      slot.textContent = `Signed in as ${operator.customerName} (${operator.email})`;
      slot.title = `This sign-in is good for the console until ${formatDateTime(operator.freshUntil)}.`;
    }
    return true;
  } catch (error) {
    const problem = problemOf(error);
    if (!slot) return false;
    if (problem.kind === 'signin') {
      slot.textContent = 'Your console sign-in has expired. ';
      slot.appendChild(signInLink());
    } else if (problem.kind === 'second-factor') {
      slot.textContent = 'Two-step sign-in needed.';
      showSecondFactorGate(root, problem.message);
    } else {
      slot.textContent = 'Could not check who is signed in.';
    }
    return false;
  }
}

async function loadCount(root: ParentNode): Promise<void> {
  try {
    const inbox = await adminGet('/api/admin/inbox?status=new', isListContactMessagesAnswer);
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
  void showOperator(root).then((allowed) => {
    // The inbox page announces the count from its own call; no second one there.
    if (allowed && !window.location.pathname.startsWith('/admin/inbox')) void loadCount(root);
  });
}
