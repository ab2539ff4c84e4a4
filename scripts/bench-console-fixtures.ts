/**
 * What the bench's static server answers to the operator console's calls (scripts/bench.mjs), so
 * every console page renders its full screen: the bench customer (bench-fixtures.ts) found by the
 * search, their whole customer page (a Standard license, a device, a paid invoice with a refund,
 * e-mails, a contact message, audit rows), the inbox, the money overview and the audit log.
 * Typed against the contract, so `npm run check` catches a fixture that drifts from it.
 */
import type {
  AuditEntry,
  AuditPage,
  ContactMessageView,
  CustomerDetail,
  Inbox,
  MoneyOverview,
  Operator,
  SearchResults,
} from '../src/contract/admin';
import type { BusinessMetrics } from '../src/contract/admin-metrics';
import type { OrganizationDetail, OrganizationList } from '../src/contract/admin-organizations';
import type { UsageOverview } from '../src/contract/usage';
import type { User } from '../src/contract/user';
import { featureUsage } from '../src/site.config.ts';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** The bench's console pages: the address each is measured at and what shows it rendered. */
export interface ConsoleFixtures {
  answers: Record<string, unknown>;
  /** `?q=…` of /admin and `?id=…` of /admin/customer. */
  queries: Record<string, string>;
  /** A text each page shows once its data has arrived. */
  readyText: Record<string, string>;
}

export function consoleFixtures(
  now: number,
  user: User,
  usage: UsageOverview,
  invoiceId: string,
): ConsoleFixtures {
  const iso = (offsetMs: number) => new Date(now + offsetMs).toISOString();
  const operator = {
    userId: '9b2e4c61-7d3a-4f8e-b5c0-1a2d3e4f5a6b',
    email: 'support@sheetwright.example',
    customerName: 'Sam Support',
    freshUntil: iso(10 * HOUR),
  } satisfies Operator;
  const [device] = usage.devices;
  if (!device) throw new Error('The usage fixture needs a device.');
  const licenseId = '5e7d9c1b-3a4f-4b6e-8d2c-0f1e2d3c4b5a';
  const message = {
    id: 'd4c3b2a1-0f9e-4d8c-b7a6-5f4e3d2c1b0a',
    name: user.customerName,
    email: user.email,
    message:
      'Hello, my old workstation died. Could you free the license so I can activate it on the new one?',
    createdAt: iso(-3 * HOUR),
    status: 'new',
    handledAt: null,
    handledBy: null,
    handledNote: null,
    userId: user.userId,
    replies: [],
  } satisfies ContactMessageView;
  const audit = [
    {
      id: 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d',
      createdAt: iso(-2 * HOUR),
      operatorId: operator.userId,
      operatorEmail: operator.email,
      userId: user.userId,
      action: 'reset-deactivations',
      subject: `license:${licenseId}`,
      reason: 'Moved to a new workstation after a hardware failure.',
      before: JSON.stringify({ deactivationsResetAt: null }),
      after: JSON.stringify({ deactivationsResetAt: now - 2 * HOUR }),
    },
  ] satisfies AuditEntry[];
  const invoice = {
    id: invoiceId,
    number: 'SW-0001',
    amountPaid: 12900,
    currency: 'usd',
    status: 'paid',
    created: user.activationDate,
    hostedInvoiceUrl: 'https://invoice.stripe.com/i/acct_bench/test_bench',
    billedTo: 'Bench Engineering GmbH',
    taxId: 'DE136695976',
    refund: null,
  };

  const detail = {
    account: {
      id: user.userId,
      email: user.email,
      customerName: user.customerName,
      plan: user.plan,
      createdAt: user.activationDate,
      verified: true,
      googleLinked: false,
      hasPassword: true,
      role: null,
      isDeleted: false,
      deletedAt: null,
      purgeAt: null,
      purgedAt: null,
    },
    licenses: [
      {
        id: licenseId,
        licenseKey: user.licenseKey,
        plan: user.plan,
        status: 'active',
        effectiveStatus: 'active',
        current: true,
        activatedAt: user.activationDate,
        expiresAt: user.expirationDate,
        createdAt: user.activationDate,
        deviceLimit: usage.deviceLimit,
        activeDevices: usage.devices.length,
        deactivations: { used: 1, max: 3, windowDays: 30, resetAt: iso(-2 * HOUR) },
      },
    ],
    devices: [
      { ...device, licenseId, deactivatedAt: null },
      {
        id: 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b',
        licenseId,
        deviceId: 'WS-2B8E5D10',
        deviceName: 'DESIGN-WS-01',
        appVersion: '1.0.0',
        activatedAt: iso(-60 * DAY),
        lastSeenAt: iso(-5 * DAY),
        deactivatedAt: iso(-5 * DAY),
      },
    ],
    activations: usage.history,
    sessions: usage.sessions.map((session) => ({
      id: session.id,
      createdAt: session.createdAt,
      lastUsedAt: session.lastUsedAt,
      expiresAt: session.expiresAt,
      device: session.device,
      ip: session.ip,
      revokedAt: null,
      live: true,
    })),
    subscriptions: [
      {
        stripeCustomerId: 'cus_BenchCustomer01',
        stripeSubscriptionId: 'sub_BenchSubscription01',
        status: 'active',
        currentPeriodEnd: user.expirationDate,
        cancelAtPeriodEnd: false,
        createdAt: user.activationDate,
      },
    ],
    invoices: [invoice],
    automaticRefunds: [],
    mails: [
      {
        id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
        to: user.email,
        subject: 'Welcome to Sheetwright: your license key',
        tag: 'welcome',
        status: 'sent',
        attempts: 1,
        lastError: null,
        createdAt: user.activationDate,
        sentAt: user.activationDate,
      },
    ],
    trialMatches: [
      {
        kind: 'email',
        value: user.email,
        userId: user.userId,
        thisAccount: true,
        createdAt: iso(-55 * DAY),
      },
    ],
    contactMessages: [message],
    audit,
    notes: [
      {
        id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
        text: 'Called about the old workstation; freeing the device once the new one is set up.',
        createdAt: iso(-2 * HOUR),
        authorId: operator.userId,
        authorEmail: operator.email,
        authorName: 'Operator',
        mine: true,
      },
    ],
    organizations: [],
  } satisfies CustomerDetail;

  const search = {
    query: user.customerName,
    results: [
      {
        userId: user.userId,
        email: user.email,
        customerName: user.customerName,
        plan: user.plan,
        createdAt: user.activationDate,
        isDeleted: false,
        matchedBy: 'e-mail or name',
      },
    ],
    nextCursor: null,
  } satisfies SearchResults;
  const inbox = { messages: [message], nextCursor: null, newCount: 1 } satisfies Inbox;
  const money = {
    automaticRefunds: [
      {
        id: 'b9a8c7d6-e5f4-4321-9a8b-7c6d5e4f3a2b',
        reason: 'account_exists',
        status: 'failed',
        amount: 12900,
        currency: 'usd',
        email: 'alex.kim@example.com',
        userId: null,
        stripeSubscriptionId: 'sub_BenchDuplicate01',
        checkoutSessionId: 'cs_test_bench_duplicate',
        attempts: 3,
        lastError: 'The payment provider did not answer.',
        createdAt: iso(-DAY),
        refundedAt: null,
      },
    ],
    operatorRefunds: [],
    failedWebhooks: [
      {
        id: 'evt_BenchFailed01',
        type: 'invoice.paid',
        objectId: 'in_1BenchInvoice0002',
        error: 'The subscription is not known yet; retry later.',
        attempts: 2,
        firstFailedAt: iso(-5 * HOUR),
        lastFailedAt: iso(-HOUR),
      },
    ],
    deadMails: [],
  } satisfies MoneyOverview;
  const auditLog = { entries: audit, nextCursor: null } satisfies AuditPage;

  // An Enterprise organization the bench customer owns, with one member and an invitation.
  const organizationId = '7e1c2b3a-4d5e-4f60-8a9b-0c1d2e3f4a5b';
  const organization = {
    id: organizationId,
    name: 'Harbor Structural Engineers',
    ownerUserId: user.userId,
    ownerName: user.customerName,
    ownerEmail: user.email,
    seats: 10,
    seatsTaken: 1,
    invitationsOpen: 1,
    deviceLimit: 3,
    termStart: iso(-30 * DAY),
    termEnd: iso(335 * DAY),
    supportTier: 'priority',
    agreementRef: 'PO-2026-0142',
    notes: 'Signed by the managing partner; renewal call in October.',
    createdAt: iso(-30 * DAY),
    updatedAt: iso(-2 * DAY),
  } satisfies OrganizationDetail['organization'];
  const organizations = {
    organizations: [
      {
        id: organizationId,
        name: organization.name,
        ownerUserId: user.userId,
        ownerName: user.customerName,
        ownerEmail: user.email,
        seats: organization.seats,
        seatsTaken: organization.seatsTaken,
        deviceLimit: organization.deviceLimit,
        termEnd: organization.termEnd,
        supportTier: organization.supportTier,
        matchedBy: 'newest',
      },
    ],
  } satisfies OrganizationList;
  const organizationPage = {
    organization,
    members: [
      {
        userId: 'c4b3a291-8f7e-4d6c-9b5a-4e3d2c1b0a99',
        customerName: 'Dana Morgan',
        email: 'dana.morgan@example.com',
        joinedAt: iso(-20 * DAY),
        licenseStatus: 'active',
        lastSeenAt: iso(-HOUR),
        lastActivityAt: iso(-HOUR),
        idle: false,
        devices: [
          {
            id: 'a9b8c7d6-1111-4222-8333-944455556666',
            deviceName: 'MORGAN-WORKSTATION',
            activatedAt: iso(-19 * DAY),
            lastSeenAt: iso(-HOUR),
          },
        ],
      },
    ],
    invitations: [
      {
        id: 'e5f6a7b8-2222-4333-8444-955566667777',
        email: 'sam.oduya@example.com',
        createdAt: iso(-DAY),
        expiresAt: iso(6 * DAY),
        sentCount: 1,
      },
    ],
    activity: [
      {
        at: iso(-19 * DAY),
        userId: 'c4b3a291-8f7e-4d6c-9b5a-4e3d2c1b0a99',
        member: 'dana.morgan@example.com',
        kind: 'activated',
        detail: 'MORGAN-WORKSTATION',
      },
    ],
    audit: [],
    scim: { tokenCreatedAt: iso(-30 * DAY), lastCallAt: iso(-DAY) },
    sso: null,
  } satisfies OrganizationDetail;

  // A month of a small, growing business, for the overview's charts.
  const periods = Array.from({ length: 30 }, (_, i) => {
    const start = Date.UTC(2026, 10, 1 + i);
    return { start, end: start + DAY, label: `Nov ${i + 1}` };
  });
  const ramp = (from: number, step: number) => periods.map((_, i) => from + Math.floor(i * step));
  const metrics = {
    range: '30d',
    periods,
    trialsStarted: ramp(4, 0.3),
    trialConversions: ramp(1, 0.1),
    cancellations: periods.map((_, i) => (i % 9 === 0 ? 1 : 0)),
    refunds: periods.map((_, i) => (i % 14 === 0 ? 1 : 0)),
    refundedCents: periods.map((_, i) => (i % 14 === 0 ? 12900 : 0)),
    activeSubscriptions: ramp(120, 1.2),
    paidSeats: ramp(120, 1.2).map((n) => n + 30),
    mrrCents: ramp(120, 1.2).map((n) => (n + 30) * 1075),
    enterpriseSeatsSold: periods.map(() => 40),
    enterpriseSeatsUsed: ramp(28, 0.2),
    activeDevices: ramp(310, 2.5),
    cohort: { trialsStarted: 220, converted: 41 },
    cancellationReasons: [
      { at: Date.UTC(2026, 10, 20), reason: 'The project that needed it is finished.' },
    ],
    pluginVersions: [
      { version: '1.0.0', devices: 280 },
      { version: '0.9.2', devices: 61 },
    ],
    featureAdoption: {
      deviceDays: ramp(90, 0.8),
      features: featureUsage.features.map(({ slug }, i) => ({
        slug,
        uses: ramp(40 - i * 4, 0.3),
        deviceDays: ramp(20 - i * 2, 0.1),
      })),
    },
    currency: 'usd',
  } satisfies BusinessMetrics;

  return {
    answers: {
      'GET /api/admin/session': operator,
      'GET /api/admin/metrics': metrics,
      'GET /api/admin/search': search,
      [`GET /api/admin/customers/${user.userId}`]: detail,
      'GET /api/admin/inbox': inbox,
      'GET /api/admin/money': money,
      'GET /api/admin/audit': auditLog,
      'GET /api/admin/organizations': organizations,
      [`GET /api/admin/organizations/${organizationId}`]: organizationPage,
    },
    queries: {
      '/admin/search': `?q=${encodeURIComponent(user.customerName)}`,
      '/admin/customer': `?id=${user.userId}`,
      '/admin/organization': `?id=${organizationId}`,
    },
    readyText: {
      '/admin': 'Monthly recurring revenue',
      '/admin/search': user.email,
      '/admin/customer': user.licenseKey,
      '/admin/inbox': message.message,
      '/admin/money': 'evt_BenchFailed01',
      '/admin/audit': audit[0]!.reason,
      '/admin/organizations': organization.name,
      '/admin/organization': 'MORGAN-WORKSTATION',
    },
  };
}
