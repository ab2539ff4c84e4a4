/**
 * The browser-derived visitor id sent with signups as `fingerprintId` (one trial per device:
 * docs/product-rules.md, "Trials"): the MIT FingerprintJS v5, with its installation-statistics
 * request turned off.
 *
 * Test hook: on a page served from localhost, `window.__SW_TEST_FINGERPRINT__` (set by Playwright
 * through `page.addInitScript`) replaces the computed id, so each end-to-end test can be a new
 * device and the one-trial-per-device rule does not make tests depend on each other. The hook is
 * ignored on any other host, so it cannot be used to dodge that rule in production.
 */

declare global {
  interface Window {
    __SW_TEST_FINGERPRINT__?: string;
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The test override when the page is served from localhost, else null. */
export function testFingerprint(
  win: Pick<Window, '__SW_TEST_FINGERPRINT__' | 'location'>,
): string | null {
  const value = win.__SW_TEST_FINGERPRINT__;
  if (typeof value !== 'string' || value.length < 8) return null;
  return LOCAL_HOSTS.has(win.location.hostname) ? value : null;
}

/** What counts as the visitor starting to use the page. */
const FIRST_INPUT_EVENTS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/**
 * Resolves at the visitor's first input on the page: a pointer, a key, or focus moving into it.
 * Computing the fingerprint takes the main thread for a moment (a quarter of a second on a slow
 * phone); started at the first input it lands while the visitor types their name, not while the
 * page is still loading. Resolves at once under the test hook, which costs nothing.
 */
export function afterFirstInput(win: Window): Promise<void> {
  if (testFingerprint(win)) return Promise.resolve();
  return new Promise((resolve) => {
    const start = () => {
      for (const type of FIRST_INPUT_EVENTS) win.removeEventListener(type, start, true);
      resolve();
    };
    for (const type of FIRST_INPUT_EVENTS) {
      win.addEventListener(type, start, { capture: true, passive: true });
    }
    // Focus may already be inside the page (autofocus, or a reload that kept it).
    if (win.document.activeElement && win.document.activeElement !== win.document.body) start();
  });
}

let pending: Promise<string> | null = null;

/** The visitor id, computed once per page; a failure is not cached so a retry can succeed. */
export function getFingerprint(): Promise<string> {
  pending ??= compute().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

async function compute(): Promise<string> {
  const override = testFingerprint(window);
  if (override) return override;
  // Loaded on demand: only pages that sign people up pay for the library.
  const { load } = await import('@fingerprintjs/fingerprintjs');
  const agent = await load({ monitoring: false });
  const { visitorId } = await agent.get();
  return visitorId;
}
