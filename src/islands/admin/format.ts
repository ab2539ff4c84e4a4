/**
 * Display rules of the operator console: action names, the before → after of an audit row, the
 * states of e-mails, refunds, licenses and accounts in words, the search query as pasted, the
 * reply link of a contact message and the audit filters of the address. Pure, so they are
 * unit-tested.
 */
import {
  auditActions,
  type AuditAction,
  type AutomaticRefund,
  type ContactMessageView,
  type CustomerDetail,
  type TrialMatch,
} from '../../contract/admin';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { site } from '../../site.config';

const DAY_MS = 86_400_000;

/** What each audited action is called in the console. */
export const actionLabels: Record<AuditAction, string> = {
  'extend-license': 'Extend license',
  'suspend-license': 'Suspend license',
  'reinstate-license': 'Reinstate license',
  'revoke-license': 'Revoke license',
  'free-device': 'Free device',
  'reset-deactivations': 'Reset deactivations',
  'replace-key': 'Replace key',
  'resend-license-mail': 'Resend license e-mail',
  'sign-out-everywhere': 'Sign out everywhere',
  'cancel-subscription': 'Cancel subscription',
  'resume-subscription': 'Resume subscription',
  'refund-payment': 'Refund payment',
  'schedule-deletion': 'Schedule deletion',
  'restore-account': 'Restore account',
  'handle-contact': 'Handle contact message',
  'reply-contact': 'Reply to contact message',
  'add-note': 'Add internal note',
  'delete-note': 'Delete internal note',
  'retry-refund': 'Retry refund',
  'retry-mail': 'Retry e-mail',
  'create-organization': 'Create organization',
  'update-organization': 'Update organization',
  'team-invite': 'Invite to organization',
  'team-resend-invitation': 'Resend invitation',
  'team-withdraw-invitation': 'Withdraw invitation',
  'team-remove-member': 'Remove member',
  'team-free-device': "Free a member's device",
  'team-transfer-ownership': 'Transfer ownership',
  'owner-add-seats': 'Seats added by the owner',
  'owner-renewal-seats': 'Seats at renewal changed by the owner',
};

/** A date and time, or a dash for none. */
export function maybeDateTime(iso: string | null): string {
  return iso === null ? '—' : formatDateTime(iso);
}

/** The end date an extension by `days` gives: counted from today once the old one has passed. */
export function extendedEnd(expiresAt: string, days: number, now: number): Date | null {
  const end = Date.parse(expiresAt);
  if (!Number.isFinite(end) || !Number.isInteger(days) || days < 1) return null;
  return new Date(Math.max(end, now) + days * DAY_MS);
}

/** One value of an audit row: changed (`before` → `after`), or as it was or became. */
export interface Change {
  key: string;
  /** Null when the row has no value before (a new value) or it did not change. */
  before: string | null;
  /** Null when the row names the value only before (what the action was about). */
  after: string | null;
  /** The whole values, when an id was shortened for the table ("sub_1234…3456"): its tooltip. */
  full?: string;
}

/** Names of audit values as an operator reads them; any other is its camelCase in words. */
const keyLabels: Record<string, string> = {
  expiresAt: 'Ends',
  days: 'Days added',
  licenseKey: 'License key',
  licenseId: 'License',
  licenseStatus: 'License',
  licenseExpiresAt: 'License ends',
  currentPeriodEnd: 'Period ends',
  deviceName: 'Device',
  deviceId: 'Device id',
  cancelAtPeriodEnd: 'Ends at period end',
  cancelSubscription: 'Subscription ended',
  subscription: 'Subscription',
  amount: 'Amount',
  amountPaid: 'Paid',
  refundAmount: 'Refunded',
  seats: 'Seats',
  deviceLimit: 'Devices per seat',
  when: 'When',
  to: 'Sent to',
};

/** "refundStatus" → "Refund status". */
export function keyLabel(key: string): string {
  const known = keyLabels[key];
  if (known) return known;
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Cents, by the name of the value (amount, refundAmount, amountPaid, …). */
const isCents = (key: string) => /amount|cents$/i.test(key);

/** A moment in epoch milliseconds, by the name of the value (expiresAt, currentPeriodEnd, …). */
const isMoment = (key: string) => /(At|End|Start)$/.test(key);

/** A yes/no the database keeps as 0 or 1 (isDeleted, active, cancelAtPeriodEnd). */
const isFlag = (key: string) => /^(is[A-Z]|active$|deleted$|cancelAtPeriodEnd$)/.test(key);

/**
 * An id or key too long for a table cell (a UUID, a Stripe id, a license key): its start and
 * end, enough to tell two apart; the whole value stays in the tooltip.
 */
const ID_KEEP = 14;
/**
 * A provider's id ("sub_…", "cus_…", the local stand-in's "sub_local_…"): a lowercase prefix and
 * a random tail, which has no digit in about one id of 70, so a digit alone cannot tell it.
 */
const PROVIDER_ID = /^[a-z]+_([a-z]+_)?[A-Za-z0-9]{14,}$/;
function shortId(text: string): string {
  const id = /^[\w-]+$/.test(text) && (/\d/.test(text) || PROVIDER_ID.test(text));
  return id && text.length > ID_KEEP + 2 ? `${text.slice(0, 8)}…${text.slice(-4)}` : text;
}

/**
 * A value in words: epoch milliseconds as dates, cents as money, states and yes/no as words, ids
 * shortened, everything else as its text.
 */
function valueText(key: string, value: unknown, currency: string): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number' && isMoment(key) && value > 1e11) {
    return formatDateTime(value);
  }
  if (typeof value === 'number' && isCents(key)) return formatMoney(value, currency);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number' && isFlag(key) && (value === 0 || value === 1)) {
    return value === 1 ? 'Yes' : 'No';
  }
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value === 'string') {
    return /^[a-z]+([_-][a-z]+)*$/.test(value) ? stateText(value) : shortId(value);
  }
  // Nested objects were spread out before (flatten); what is left is a list.
  if (Array.isArray(value)) return value.map((one) => valueText(key, one, currency)).join(', ');
  return '…';
}

/** The whole text of a value, for the tooltip of a shortened one. */
function fullText(value: unknown): string | null {
  return typeof value === 'string' && shortId(value) !== value ? value : null;
}

function record(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // Not JSON: nothing to compare.
  }
  return {};
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The values of one side with nested ones spread out (a refund that also ended a subscription
 * names the subscription, when and its license inside one value): `parent.child` keys, read
 * by the child's name.
 */
function flatten(values: Record<string, unknown>, prefix = ''): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  for (const [key, value] of Object.entries(values)) {
    if (isRecord(value)) {
      for (const [inner, innerValue] of flatten(value, `${prefix}${key}.`)) {
        flat.set(inner, innerValue);
      }
    } else flat.set(`${prefix}${key}`, value);
  }
  return flat;
}

/** "cancelSubscription.licenseStatus" → "Subscription ended, license". */
function pathLabel(path: string): string {
  const parts = path.split('.');
  return parts
    .map((part, i) => (i === 0 ? keyLabel(part) : keyLabel(part).toLowerCase()))
    .join(', ');
}

/**
 * The values of an audit row in the order it names them: a changed value as before → after, an
 * unchanged or before-only one (the device that was freed) as it was, an after-only one (the days
 * added) as it became. Never JSON: nested values are spread into their own lines.
 */
export function changes(beforeJson: string, afterJson: string): Change[] {
  const before = flatten(record(beforeJson));
  const after = flatten(record(afterJson));
  const named = after.get('currency') ?? before.get('currency');
  const currency = typeof named === 'string' ? named : 'usd';
  const keys = [...new Set([...before.keys(), ...after.keys()])].filter(
    (key) => key !== 'currency',
  );
  return keys.map((path) => {
    const key = path.split('.').at(-1) ?? path;
    const was = before.has(path) ? valueText(key, before.get(path), currency) : null;
    const is = after.has(path) ? valueText(key, after.get(path), currency) : null;
    const label = pathLabel(path);
    const whole = [fullText(before.get(path)), fullText(after.get(path))].filter(
      (text): text is string => text !== null,
    );
    const full = whole.length > 0 ? { full: whole.join(' → ') } : {};
    if (was !== null && is !== null && was === is) {
      return { key: label, before: null, after: is, ...full };
    }
    return { key: label, before: was, after: is, ...full };
  });
}

/** What an audit row acted on, its id shortened: "invoice:in_1234…5678" → "Invoice in_1234…5678". */
export function subjectText(subject: string): string {
  const colon = subject.indexOf(':');
  if (colon < 0) return shortId(subject);
  return `${keyLabel(subject.slice(0, colon))} ${shortId(subject.slice(colon + 1))}`;
}

const refundReasonLabels: Record<string, string> = {
  account_exists: 'The e-mail already had an account',
  already_paying: 'The account already had Standard',
  account_deleted: 'The account was deleted',
  enterprise: 'The account is on Enterprise',
  unknown_reference: 'The payment matched no signup',
};

/** Why a payment was refunded automatically, as an operator reads it. */
export function refundReasonLabel(reason: AutomaticRefund['reason']): string {
  return refundReasonLabels[reason] ?? reason;
}

const trialKinds: Record<TrialMatch['kind'], string> = {
  email: 'E-mail',
  google: 'Google account',
  fingerprint: 'Device fingerprint',
};

export function trialKindLabel(kind: TrialMatch['kind']): string {
  return trialKinds[kind];
}

/** "active" → "Active", "past_due" → "Past due". */
export function stateText(state: string): string {
  const words = state.replace(/[_-]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The tone of a status badge (status-* classes of dashboard.css and admin.css). */
export function stateTone(state: string): 'ok' | 'warning' | 'danger' | 'neutral' {
  if (['active', 'sent', 'paid', 'refunded', 'live', 'handled'].includes(state)) return 'ok';
  if (['queued', 'sending', 'pending', 'past_due', 'cancelling', 'new'].includes(state)) {
    return 'warning';
  }
  if (['expired', 'suspended', 'revoked', 'failed', 'dead', 'canceled'].includes(state)) {
    return 'danger';
  }
  return 'neutral';
}

/** Where the account stands on deletion. */
export function deletionText(account: CustomerDetail['account']): string {
  if (!account.isDeleted) return 'Not deleted';
  if (account.purgedAt) return `Purged on ${formatDate(account.purgedAt)}`;
  const since = account.deletedAt ? ` on ${formatDate(account.deletedAt)}` : '';
  const until = account.purgeAt ? `; can be restored until ${formatDate(account.purgeAt)}` : '';
  return `Scheduled for deletion${since}${until}`;
}

/**
 * What was typed or pasted, ready to search: surrounding spaces and line breaks (a key copied
 * from an e-mail) go.
 */
export function cleanQuery(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A reply to the sender, quoting the start of their message. */
export function replyHref(message: ContactMessageView): string {
  const quoted = message.message.slice(0, 800).replace(/^/gm, '> ');
  const subject = `Re: your message to ${site.product}`;
  const body = `\n\nOn ${formatDateTime(message.createdAt)}, ${message.name} wrote:\n${quoted}`;
  return `mailto:${message.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/**
 * The new organization's form filled from a contact message (often an Enterprise enquiry): the
 * sender as owner, and the message, dated, as the first internal note.
 */
export function createOrganizationHref(message: ContactMessageView): string {
  const params = new URLSearchParams({
    new: '1',
    owner: message.email,
    notes: `Contact message from ${message.name}, ${formatDateTime(message.createdAt)}:\n${message.message.slice(0, 3000)}`,
  });
  return `/admin/organizations?${params.toString()}`;
}

/** The audit log's filters. */
export interface Filters {
  operator: string;
  customer: string;
  action: AuditAction | '';
  /** Days, YYYY-MM-DD (UTC), or empty. */
  from: string;
  to: string;
}

export const noFilters: Filters = { operator: '', customer: '', action: '', from: '', to: '' };

const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

/** The filters the address holds; an unknown action is no filter. */
export function filtersFrom(search: string): Filters {
  const query = new URLSearchParams(search);
  const action = query.get('action') ?? '';
  return {
    operator: query.get('operator')?.trim() ?? '',
    customer: query.get('customer')?.trim() ?? '',
    action: (auditActions as readonly string[]).includes(action) ? (action as AuditAction) : '',
    from: isDay(query.get('from') ?? '') ? (query.get('from') ?? '') : '',
    to: isDay(query.get('to') ?? '') ? (query.get('to') ?? '') : '',
  };
}
