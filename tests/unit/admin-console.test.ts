import { describe, expect, it } from 'vitest';
import type {
  AdminDevice,
  AdminInvoice,
  AdminLicense,
  ContactMessageView,
} from '../../src/contract/admin';
import { ConsoleMessages } from '../../src/contract/messages';
import { problemOf, withQuery } from '../../src/islands/admin/console-api';
import {
  actionBody,
  actionText,
  defaultInput,
  sectionOf,
} from '../../src/islands/admin/customer-actions';
import {
  changes,
  subjectText,
  cleanQuery,
  deletionText,
  extendedEnd,
  filtersFrom,
  replyHref,
  stateTone,
} from '../../src/islands/admin/format';
import { ApiFailure, NETWORK_ERROR } from '../../src/islands/shared/api';

const license: AdminLicense = {
  id: 'lic-1',
  licenseKey: 'SW-AAAAA-BBBBB-CCCCC-DDDDD',
  plan: 'Trial',
  status: 'active',
  effectiveStatus: 'active',
  current: true,
  activatedAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-16T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  deviceLimit: 1,
  activeDevices: 1,
  deactivations: { used: 1, max: 5, windowDays: 30, resetAt: null },
};

const account = {
  id: 'user-1',
  email: 'ada@example.com',
  customerName: 'Ada Lovelace',
  plan: 'Trial' as const,
  createdAt: '2026-01-01T00:00:00.000Z',
  verified: true,
  googleLinked: false,
  hasPassword: true,
  role: null,
  isDeleted: false,
  deletedAt: null,
  purgeAt: null,
  purgedAt: null,
};

describe('customer actions', () => {
  it('sends the license, the days as a number and the reason for an extension', () => {
    expect(
      actionBody({ action: 'extend-license', license }, 'More time', {
        ...defaultInput,
        days: '7',
      }),
    ).toEqual({ action: 'extend-license', reason: 'More time', licenseId: 'lic-1', days: 7 });
  });

  it('sends what each action names: a device row, an invoice, when a subscription ends', () => {
    const device = { id: 'row-9' } as AdminDevice;
    const invoice = { id: 'in_1' } as AdminInvoice;
    expect(actionBody({ action: 'free-device', device }, 'Lost', defaultInput)).toEqual({
      action: 'free-device',
      reason: 'Lost',
      deviceRowId: 'row-9',
    });
    expect(actionBody({ action: 'refund-payment', invoice }, 'Asked', defaultInput)).toMatchObject({
      invoiceId: 'in_1',
    });
    expect(
      actionBody(
        {
          action: 'cancel-subscription',
          subscription: {
            stripeCustomerId: 'cus_1',
            stripeSubscriptionId: 'sub_1',
            status: 'active',
            currentPeriodEnd: null,
            cancelAtPeriodEnd: false,
            createdAt: '2026-01-01T00:00:00.000Z',
          },
        },
        'Asked',
        { ...defaultInput, when: 'now' },
      ),
    ).toEqual({ action: 'cancel-subscription', reason: 'Asked', when: 'now' });
    expect(actionBody({ action: 'sign-out-everywhere' }, 'Leak', defaultInput)).toEqual({
      action: 'sign-out-everywhere',
      reason: 'Leak',
    });
  });

  it('marks the actions that take something away as destructive', () => {
    const tone = (pending: Parameters<typeof actionText>[0]) => actionText(pending, account).tone;
    expect(tone({ action: 'revoke-license', license })).toBe('danger');
    expect(tone({ action: 'replace-key', license })).toBe('danger');
    expect(tone({ action: 'schedule-deletion' })).toBe('danger');
    expect(tone({ action: 'extend-license', license })).toBe('primary');
    expect(tone({ action: 'restore-account' })).toBe('primary');
    expect(actionText({ action: 'replace-key', license }, account).explain).toContain(
      'ada@example.com',
    );
  });

  it('shows each result in the section the action belongs to', () => {
    expect(sectionOf('free-device')).toBe('devices');
    expect(sectionOf('resend-license-mail')).toBe('licenses');
    expect(sectionOf('refund-payment')).toBe('invoices');
    expect(sectionOf('restore-account')).toBe('account');
  });
});

describe('failures', () => {
  it('asks for a new sign-in on any 401, with the server message', () => {
    const problem = problemOf(new ApiFailure(401, ConsoleMessages.signInAgain, 'REAUTH_REQUIRED'));
    expect(problem).toEqual({ kind: 'signin', message: ConsoleMessages.signInAgain });
    expect(problemOf(new ApiFailure(401, '', 'UNAUTHORIZED')).kind).toBe('signin');
  });

  it('tells a changed customer, a refused input and no answer apart', () => {
    expect(problemOf(new ApiFailure(409, '', 'STALE_STATE'))).toEqual({
      kind: 'stale',
      message: ConsoleMessages.staleState,
    });
    expect(
      problemOf(new ApiFailure(400, 'Extend by at least 1 day.', 'VALIDATION_FAILED')),
    ).toEqual({ kind: 'input', message: 'Extend by at least 1 day.' });
    expect(problemOf(new ApiFailure(0, '', NETWORK_ERROR)).kind).toBe('network');
    expect(problemOf(new Error('boom')).kind).toBe('other');
  });
});

describe('display rules', () => {
  it('shows an audit row as the values it changed, and the ones it only names', () => {
    const before = JSON.stringify({ status: 'active', expiresAt: Date.UTC(2026, 0, 16, 12) });
    const after = JSON.stringify({
      status: 'active',
      expiresAt: Date.UTC(2026, 0, 23, 12),
      days: 7,
    });
    const rows = changes(before, after);
    expect(rows.map((row) => row.key)).toEqual(['Status', 'Ends', 'Days added']);
    expect(rows[0]).toEqual({ key: 'Status', before: null, after: 'Active' });
    expect(rows[1]?.before).toMatch(/January 16, 2026/);
    expect(rows[1]?.after).toMatch(/January 23, 2026/);
    expect(rows[2]).toEqual({ key: 'Days added', before: null, after: '7' });
    expect(changes(JSON.stringify({ deviceName: 'PC' }), '{}')).toEqual([
      { key: 'Device', before: 'PC', after: null },
    ]);
    expect(changes('not json', '{}')).toEqual([]);
  });

  it('shows money as money, states and yes/no in words, and any other name in words', () => {
    const rows = changes(
      JSON.stringify({ refundStatus: null, cancelAtPeriodEnd: false, status: 'past_due' }),
      JSON.stringify({
        refundStatus: 'refunded',
        refundAmount: 12900,
        currency: 'usd',
        cancelAtPeriodEnd: true,
        status: 'canceled',
      }),
    );
    expect(rows).toEqual([
      { key: 'Refund status', before: '—', after: 'Refunded' },
      { key: 'Ends at period end', before: 'No', after: 'Yes' },
      { key: 'Status', before: 'Past due', after: 'Canceled' },
      { key: 'Refunded', before: null, after: '$129.00' },
    ]);
  });

  it('spreads a nested value into lines of words, shortens ids and reads 0/1 as no/yes', () => {
    const rows = changes(
      JSON.stringify({ status: 'paid', amountPaid: 12900, currency: 'usd', refundStatus: null }),
      JSON.stringify({
        refundStatus: 'pending',
        amount: 12900,
        currency: 'usd',
        cancelSubscription: {
          subscription: 'sub_1234567890123456',
          when: 'now',
          licenseStatus: 'expired',
        },
      }),
    );
    expect(rows).toEqual([
      { key: 'Status', before: 'Paid', after: null },
      { key: 'Paid', before: '$129.00', after: null },
      { key: 'Refund status', before: '—', after: 'Pending' },
      { key: 'Amount', before: null, after: '$129.00' },
      {
        key: 'Subscription ended, subscription',
        before: null,
        after: 'sub_1234…3456',
        full: 'sub_1234567890123456',
      },
      { key: 'Subscription ended, when', before: null, after: 'Now' },
      { key: 'Subscription ended, license', before: null, after: 'Expired' },
    ]);
    for (const row of rows) expect(`${row.before} ${row.after}`).not.toMatch(/[{}"]/);
    expect(changes('{"isDeleted":0}', '{"isDeleted":1}')).toEqual([
      { key: 'Is deleted', before: 'No', after: 'Yes' },
    ]);
    expect(subjectText('invoice:in_10000000000000042')).toBe('Invoice in_10000…0042');
    expect(subjectText('user:u-1')).toBe('User u-1');
    // A random tail may have no digit: still an id, and still shortened.
    expect(changes('{}', '{"subscription":"sub_local_RenumberViewsSheetNotesWipe"}')).toEqual([
      {
        key: 'Subscription',
        before: null,
        after: 'sub_loca…Wipe',
        full: 'sub_local_RenumberViewsSheetNotesWipe',
      },
    ]);
    // A long word without a digit or a provider's prefix is left whole.
    expect(changes('{}', '{"company":"NorthwindStructuralGmbH"}')).toEqual([
      { key: 'Company', before: null, after: 'NorthwindStructuralGmbH' },
    ]);
  });

  it('extends from the end date, or from today once it has passed', () => {
    const now = Date.UTC(2026, 0, 10);
    expect(extendedEnd('2026-01-16T00:00:00.000Z', 7, now)?.toISOString()).toBe(
      '2026-01-23T00:00:00.000Z',
    );
    expect(extendedEnd('2026-01-01T00:00:00.000Z', 7, now)?.toISOString()).toBe(
      '2026-01-17T00:00:00.000Z',
    );
    expect(extendedEnd('2026-01-16T00:00:00.000Z', 0, now)).toBeNull();
    expect(extendedEnd('2026-01-16T00:00:00.000Z', 1.5, now)).toBeNull();
  });

  it('cleans a pasted query of its line breaks and spaces', () => {
    expect(cleanQuery('  SW-AAAAA-BBBBB\n')).toBe('SW-AAAAA-BBBBB');
    expect(cleanQuery('Ada \t Lovelace')).toBe('Ada Lovelace');
  });

  it('reads the audit filters from the address, ignoring an unknown action', () => {
    expect(
      filtersFrom('?operator=op-1&customer=%20u-2%20&action=free-device&from=2026-11-01'),
    ).toEqual({
      operator: 'op-1',
      customer: 'u-2',
      action: 'free-device',
      from: '2026-11-01',
      to: '',
    });
    expect(filtersFrom('?action=drop-table').action).toBe('');
    expect(filtersFrom('?to=yesterday').to).toBe('');
  });

  it('replies to the sender with the message quoted', () => {
    const message = {
      email: 'ada@example.com',
      name: 'Ada',
      message: 'Line one\nLine two',
      createdAt: '2026-01-01T09:00:00.000Z',
    } as ContactMessageView;
    const href = replyHref(message);
    expect(href).toMatch(/^mailto:ada@example\.com\?subject=Re%3A%20your%20message%20to%20/);
    expect(decodeURIComponent(href.split('body=')[1]!)).toContain('> Line one\n> Line two');
  });

  it('words deletion and colors states', () => {
    expect(deletionText(account)).toBe('Not deleted');
    expect(
      deletionText({
        ...account,
        isDeleted: true,
        deletedAt: '2026-01-02T12:00:00.000Z',
        purgeAt: '2029-01-02T12:00:00.000Z',
      }),
    ).toBe('Scheduled for deletion on January 2, 2026; can be restored until January 2, 2029');
    expect(stateTone('dead')).toBe('danger');
    expect(stateTone('queued')).toBe('warning');
    expect(stateTone('sent')).toBe('ok');
  });

  it('leaves empty values out of a query', () => {
    expect(withQuery('/api/admin/audit', { operator: 'a', customer: '', cursor: null })).toBe(
      '/api/admin/audit?operator=a',
    );
  });
});
