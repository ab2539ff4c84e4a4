/**
 * How often and how long /payment-processing asks whether the paid account exists: every 3 s, at
 * most 40 attempts (`paymentPollIntervalMs`, `paymentPollMaxAttempts`; docs/product-rules.md).
 *
 * Test hook: on a page served from localhost, `window.__SW_TEST_PAYMENT_POLL__` (set by
 * Playwright through `page.addInitScript`) replaces the interval and the limit, so a test can run
 * out of attempts in a moment. Like the fingerprint hook it is ignored on any other host.
 */
import { limits } from '../../site.config';

export interface PollSettings {
  intervalMs: number;
  maxAttempts: number;
}

declare global {
  interface Window {
    __SW_TEST_PAYMENT_POLL__?: Partial<PollSettings>;
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export const defaultPollSettings: PollSettings = {
  intervalMs: limits.paymentPollIntervalMs,
  maxAttempts: limits.paymentPollMaxAttempts,
};

const inRange = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** The settings for this page: the defaults, or the localhost test override where valid. */
export function pollSettings(
  win: Pick<Window, '__SW_TEST_PAYMENT_POLL__' | 'location'>,
): PollSettings {
  const override = win.__SW_TEST_PAYMENT_POLL__;
  if (!override || typeof override !== 'object') return defaultPollSettings;
  if (!LOCAL_HOSTS.has(win.location.hostname)) return defaultPollSettings;
  return {
    intervalMs: inRange(override.intervalMs, 10, 60_000)
      ? override.intervalMs
      : defaultPollSettings.intervalMs,
    maxAttempts: inRange(override.maxAttempts, 1, 1000)
      ? override.maxAttempts
      : defaultPollSettings.maxAttempts,
  };
}
