import { describe, expect, it } from 'vitest';
import {
  capitalize,
  daysUntilLogout,
  daysLeft,
  daysLeftText,
  describeDaysLeft,
  showsUpgradeBox,
} from '../../src/lib/auth/account-view';
import { formatDate } from '../../src/lib/format';
import { allowedLoginMessage, loginUrl } from '../../src/lib/auth/login-message';
import { memberNotice } from '../../src/lib/auth/member-notice';
import { signupPlanFromQuery } from '../../src/lib/auth/signup-plan';
import { Messages } from '../../src/contract/messages';

const DAY = 86_400_000;

describe('dashboard display', () => {
  it("counts a Trial's whole days left, rounding up, and says the last one plainly", () => {
    const now = Date.parse('2026-03-01T12:00:00.000Z');
    expect(daysLeft('2026-03-16T12:00:00.000Z', now)).toBe(15);
    expect(daysLeft('2026-03-01T13:00:00.000Z', now)).toBe(1);
    expect(daysLeft('2026-02-28T12:00:00.000Z', now)).toBe(0);
    expect(daysLeftText(15)).toBe('15 days left');
    expect(daysLeftText(1)).toBe('1 day left');
    expect(daysLeftText(0)).toBe('Ends today');
  });

  it('counts whole days until automatic log-out, rounding up', () => {
    expect(daysUntilLogout(14 * DAY, 0)).toBe(14);
    expect(daysUntilLogout(13 * DAY + 1, 0)).toBe(14);
    expect(daysUntilLogout(0, 5)).toBe(0);
    expect(describeDaysLeft(1)).toBe('in 1 day');
    expect(describeDaysLeft(3)).toBe('in 3 days');
    expect(describeDaysLeft(0)).toBe('today');
  });

  it('formats dates for people and leaves non-dates alone', () => {
    expect(formatDate('2025-07-16T12:00:00.000Z')).toBe('July 16, 2025');
    expect(formatDate('never')).toBe('never');
    expect(capitalize('active')).toBe('Active');
  });

  it('shows the upgrade box to Trial users only', () => {
    expect(showsUpgradeBox('Trial')).toBe(true);
    expect(showsUpgradeBox('Standard')).toBe(false);
    expect(showsUpgradeBox('Enterprise')).toBe(false);
  });
});

describe('login page message', () => {
  it('shows only messages from the known set, never arbitrary text from the URL', () => {
    expect(allowedLoginMessage(Messages.accountCreatedPleaseLogin)).toBe(
      Messages.accountCreatedPleaseLogin,
    );
    expect(allowedLoginMessage('Your account was hacked, call +1 555')).toBeNull();
    expect(allowedLoginMessage(null)).toBeNull();
  });

  it('builds the /login link the payment page uses', () => {
    const url = new URL(
      loginUrl('ada@example.com', Messages.accountCreatedPleaseLogin),
      'https://x.example',
    );
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('email')).toBe('ada@example.com');
    expect(url.searchParams.get('message')).toBe(Messages.accountCreatedPleaseLogin);

    const withoutEmail = new URL(
      loginUrl(undefined, Messages.accountCreatedPleaseLogin),
      'https://x.example',
    );
    expect(withoutEmail.searchParams.has('email')).toBe(false);
    expect(withoutEmail.searchParams.get('message')).toBe(Messages.accountCreatedPleaseLogin);
  });
});

describe('signup member notices', () => {
  it('offers the upgrade to Trial users on both signup pages, comparing plans case-insensitively', () => {
    expect(memberNotice('Trial', 'trial')).toBe('upgrade');
    expect(memberNotice('TRIAL', 'standard')).toBe('upgrade');
  });

  it('tells paid users they cannot claim a trial', () => {
    expect(memberNotice('Standard', 'trial')).toBe('cannot-claim-trial');
    expect(memberNotice('enterprise', 'trial')).toBe('cannot-claim-trial');
  });

  it('tells a Standard user they already have it and an Enterprise user they are all set', () => {
    expect(memberNotice('standard', 'standard')).toBe('already-standard');
    expect(memberNotice('Enterprise', 'standard')).toBe('all-set');
  });

  it('reads the plan from the query with trial as the default', () => {
    expect(signupPlanFromQuery('')).toBe('trial');
    expect(signupPlanFromQuery('?plan=standard')).toBe('standard');
    expect(signupPlanFromQuery('?plan=Standard')).toBe('standard');
    expect(signupPlanFromQuery('?plan=enterprise')).toBe('trial');
  });
});
