/**
 * What the bench's static server answers to the islands' API calls (scripts/bench.mjs), so the
 * account pages render their full signed-in screen and load every chunk they load in real use.
 * One Standard customer: an active license, one activated device, one paid invoice, two browser
 * sessions. Typed against the contract, so `npm run check` catches an answer that drifts from it;
 * the bench also reports any API call it does not answer. Plain TypeScript with type-only
 * imports, so Node 22 runs it directly.
 */
import type { PublicConfig } from '../functions/routes/config';
import type { AccountLicense } from '../src/contract/account';
import type { BillingOverview } from '../src/contract/billing';
import type { PasskeyList } from '../src/contract/passkeys';
import type { ScimStatus } from '../src/contract/scim';
import type { InvitationPreview } from '../src/contract/invitation';
import type {
  OrganizationResponse,
  TeamActivityResponse,
  TeamMember,
  TeamMemberNames,
  TeamOverview,
  TeamPeoplePage,
  TeamUtilization,
} from '../src/contract/team';
import type { FeatureUsageView, UsageOverview, UsageSharing } from '../src/contract/usage';
import type { PaymentCompletionResponse } from '../src/contract/payments';
import type { TwoStepStatus } from '../src/contract/two-step';
import type { MeResponse, User } from '../src/contract/user';
import { consoleFixtures, type ConsoleFixtures } from './bench-console-fixtures.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type StorageKeys = (typeof import('../src/lib/auth/storage'))['STORAGE_KEYS'];
/** Where the browser keeps its session (src/lib/auth/storage.ts STORAGE_KEYS). */
export const storageKeys = {
  user: 'user',
  tokenExpiration: 'tokenExpiration',
} as const satisfies Pick<StorageKeys, 'user' | 'tokenExpiration'>;

/** The token of the bench's invitation link (/invite#token=…). */
export const benchInvitationToken = 'bench-invitation-token-0001';

export interface BenchFixtures {
  user: User;
  tokenExpiration: number;
  /** `METHOD /path` → JSON body (status 200). */
  answers: Record<string, unknown>;
  /** The operator console's pages (their answers are in `answers` too). */
  console: ConsoleFixtures;
}

/** The fixtures, dated around `now` so "expires in N days" and "2 hours ago" read normally. */
export function benchFixtures(now = Date.now()): BenchFixtures {
  const iso = (offsetMs: number) => new Date(now + offsetMs).toISOString();
  const user: User = {
    userId: '3f6c1e2a-8d4b-4c7e-9a15-2b7d9e0c4f81',
    customerName: 'Jordan Reyes',
    email: 'jordan.reyes@example.com',
    plan: 'Standard',
    licenseStatus: 'active',
    activationDate: iso(-40 * DAY),
    expirationDate: iso(325 * DAY),
    licenseKey: 'SW-7KQ3M-X9HDA-2PZRT-VWC4N',
    isDeleted: false,
    sessionStartedAt: iso(-2 * 60 * 60 * 1000),
    authProvider: 'email',
  };
  const tokenExpiration = now + 7 * DAY;
  const device = {
    id: 'c0a8f5e2-1b7d-4e39-8f0a-5d2c6b9e1a47',
    deviceId: 'WS-7F3A9C21',
    deviceName: 'DESIGN-WS-04',
    appVersion: '1.0.0',
    activatedAt: iso(-40 * DAY),
    lastSeenAt: iso(-3 * 60 * 60 * 1000),
  };

  const me = { user, tokenExpiration } satisfies MeResponse;
  const usage = {
    plan: 'Standard',
    deviceLimit: 2,
    devices: [device],
    history: [
      {
        id: 'e1d2c3b4-a596-4788-9a0b-1c2d3e4f5a6b',
        action: 'activated',
        source: 'plugin',
        deviceId: device.deviceId,
        deviceName: device.deviceName,
        at: device.activatedAt,
      },
    ],
    sessions: [
      {
        id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
        createdAt: user.sessionStartedAt,
        lastUsedAt: iso(-60 * 1000),
        expiresAt: iso(7 * DAY),
        device: 'Chrome on Windows',
        ip: '203.0.113.24',
        current: true,
      },
      {
        id: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e',
        createdAt: iso(-5 * DAY),
        lastUsedAt: iso(-DAY),
        expiresAt: iso(2 * DAY),
        device: 'Safari on macOS',
        ip: '198.51.100.7',
        current: false,
      },
    ],
    plugins: [],
    deactivations: { used: 0, max: 3, windowDays: 30 },
  } satisfies UsageOverview;
  const day = (offset: number) => iso(offset * DAY).slice(0, 10);
  const featureUsage = {
    days: 30,
    from: day(-29),
    to: day(0),
    shareUsage: true,
    devices: [
      {
        deviceId: device.deviceId,
        deviceName: device.deviceName,
        counts: [42, 18, 7, 0, 3, 0, 9, 4, 1],
        lastUsed: [day(0), day(-2), day(-5), null, day(-12), null, day(-8), day(-1), day(-29)],
      },
    ],
  } satisfies FeatureUsageView;
  const usageSharing = { shareUsage: true } satisfies UsageSharing;
  const billing = {
    plan: 'Standard',
    licenseStatus: 'active',
    licenseExpiresAt: user.expirationDate,
    devices: { active: 1, limit: 2 },
    subscription: {
      status: 'active',
      currentPeriodEnd: user.expirationDate,
      cancelAtPeriodEnd: false,
      paymentFailedAt: null,
      paidBy: 'card',
      // A team of 12 seats bought by a German company (reverse charge).
      charge: {
        quantity: 12,
        unitAmount: 12900,
        subtotal: 154800,
        tax: 0,
        taxRateBp: 0,
        reverseCharge: true,
        total: 154800,
        currency: 'usd',
      },
      renewal: {
        quantity: 12,
        unitAmount: 12900,
        subtotal: 154800,
        tax: 0,
        taxRateBp: 0,
        reverseCharge: true,
        total: 154800,
        currency: 'usd',
      },
    },
    card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    details: {
      company: 'Baubüro Müller GmbH',
      name: 'Grete Müller',
      line1: 'Hauptstraße 1',
      line2: null,
      postalCode: '10115',
      city: 'Berlin',
      state: null,
      country: 'DE',
      taxId: 'DE136695976',
    },
    taxIdNote: null,
    invoices: [
      {
        id: 'in_1BenchInvoice0001',
        number: 'SW-0001',
        created: user.activationDate,
        amountPaid: 154800,
        currency: 'usd',
        status: 'paid',
        url: 'https://invoice.stripe.com/i/acct_bench/test_bench',
        pdfUrl: 'https://pay.stripe.com/invoice/acct_bench/test_bench/pdf',
        taxAmount: 0,
        reverseCharge: true,
        quantity: 12,
        unitAmount: 12900,
        seatsAdded: false,
        refund: null,
      },
    ],
    actions: { upgrade: false, manageCard: true, cancel: true, resume: false, editDetails: true },
  } satisfies BillingOverview;
  // The checkout has not created the account yet: the page shows its polling screen.
  const paymentPending = { accountCreated: false } satisfies PaymentCompletionResponse;
  // As `npm start` answers: the local bot check and Google stand-ins. In production Turnstile and
  // Google's script are third-party code, outside our budgets (and out of reach on loopback).
  const config = {
    environment: 'development',
    botCheck: { mode: 'local', siteKey: null },
    google: { mode: 'local', clientId: null },
  } satisfies PublicConfig;

  const operatorConsole = consoleFixtures(now, user, usage, billing.invoices[0]!.id);
  // The bench customer owns an organization of 5 seats: two members (one with two devices), an
  // open invitation, and a feed; the team page renders every section with it.
  const member = (
    n: number,
    name: string,
    email: string,
    devices: TeamMember['devices'],
  ): TeamMember => ({
    userId: `7d1e4b2a-0c5f-4a83-9b6e-1f2a3b4c5d${n}0`,
    customerName: name,
    email,
    joinedAt: iso(-40 * DAY),
    licenseStatus: 'active',
    lastSeenAt: devices[0]?.lastSeenAt ?? null,
    lastActivityAt: devices[0]?.lastSeenAt ?? null,
    // Joined 40 days ago and never used the plugin: idle.
    idle: devices.length === 0,
    devices,
  });
  const team = {
    organization: {
      id: '5b9e2c1d-7a3f-4e8b-9c0d-1e2f3a4b5c6d',
      name: 'Reyes Structural Engineering',
      seats: 5,
      seatsTaken: 2,
      invitationsOpen: 1,
      ownerUserId: 'owner-0001',
      ownerHoldsSeat: false,
      deviceLimit: 3,
      termStart: iso(-40 * DAY),
      termEnd: iso(325 * DAY),
      supportTier: 'priority',
    },
  } satisfies TeamOverview;
  // The members table's first page: the two members by name, then the open invitation.
  const teamMembers = [
    member(1, 'Martha Nolan', 'martha.nolan@example.com', [
      {
        id: 'd1',
        deviceName: 'DESIGN-WS-07',
        activatedAt: iso(-20 * DAY),
        lastSeenAt: iso(-HOUR),
      },
      {
        id: 'd2',
        deviceName: 'MARTHA-LAPTOP',
        activatedAt: iso(-10 * DAY),
        lastSeenAt: iso(-DAY),
      },
    ]),
    member(2, 'Samuel Oliver', 'samuel.oliver@example.com', []),
  ];
  const teamPage = {
    people: [
      ...teamMembers.map(({ devices, lastSeenAt: _seen, ...one }) => ({
        status: one.idle ? ('idle' as const) : ('active' as const),
        member: { ...one, devicesInUse: devices.length, source: 'invited' as const },
        invitation: null,
      })),
      {
        status: 'invited' as const,
        member: null,
        invitation: {
          id: 'f0e1d2c3-b4a5-4968-8776-655443322110',
          email: 'li.wei@example.com',
          createdAt: iso(-DAY),
          expiresAt: iso(6 * DAY),
          sentCount: 1,
        },
      },
    ],
    page: 1,
    pages: 1,
    pageSize: 50,
    total: 3,
    counts: { all: 3, active: 1, idle: 1, invited: 1 },
  } satisfies TeamPeoplePage;
  const memberNames = {
    members: teamMembers.map(({ userId, customerName, email }) => ({
      userId,
      customerName,
      email,
    })),
  } satisfies TeamMemberNames;
  const activity = {
    activity: [
      {
        at: iso(-HOUR),
        userId: teamMembers[0]!.userId,
        member: 'martha.nolan@example.com',
        kind: 'signed-in',
        detail: 'Chrome on Windows',
      },
      {
        at: iso(-10 * DAY),
        userId: teamMembers[0]!.userId,
        member: 'martha.nolan@example.com',
        kind: 'activated',
        detail: 'MARTHA-LAPTOP',
      },
      {
        at: iso(-30 * DAY),
        userId: teamMembers[0]!.userId,
        member: 'martha.nolan@example.com',
        kind: 'joined',
        detail: '',
      },
    ],
  } satisfies TeamActivityResponse;
  // 30 days of seats and devices (a member joined 12 days ago), and the two members' use.
  const utilizationDays = Array.from({ length: 30 }, (_, n) => {
    const seatsUsed = n < 18 ? 1 : 2;
    return {
      day: new Date(now - (29 - n) * DAY).toISOString().slice(0, 10),
      seatsUsed,
      seats: 5,
      devicesInUse: n < 20 ? 1 : 2,
      devicesAllowed: seatsUsed * 3,
    };
  });
  const utilization = {
    days: 30,
    from: utilizationDays[0]!.day,
    to: utilizationDays.at(-1)!.day,
    idleDays: 30,
    featureDays: 30,
    history: utilizationDays,
    members: [
      {
        userId: teamMembers[0]!.userId,
        customerName: 'Martha Nolan',
        email: 'martha.nolan@example.com',
        joinedAt: iso(-30 * DAY),
        lastActivityAt: iso(-HOUR),
        devicesInUse: 2,
        features: [42, 7, 0, 12, 0, 3, 0, 1, 0],
        idle: false,
      },
      {
        userId: teamMembers[1]!.userId,
        customerName: 'Samuel Oliver',
        email: 'samuel.oliver@example.com',
        joinedAt: iso(-30 * DAY),
        lastActivityAt: null,
        devicesInUse: 0,
        features: [0, 0, 0, 0, 0, 0, 0, 0, 0],
        idle: true,
      },
    ],
  } satisfies TeamUtilization;
  const organization = {
    organization: {
      name: team.organization.name,
      ownerName: user.customerName,
      ownerEmail: user.email,
      isOwner: true,
      // The owner holds a seat too: My Account shows the team and their own license.
      isMember: true,
      seats: 5,
      seatsTaken: 2,
      deviceLimit: 3,
      termEnd: team.organization.termEnd,
      // The owner of a team of Standard seats reads what its year costs with tax.
      kind: 'team',
      subscription: {
        ending: false,
        on: team.organization.termEnd,
        charge: {
          quantity: 5,
          unitAmount: 12900,
          subtotal: 64500,
          tax: 12255,
          taxRateBp: 1900,
          reverseCharge: false,
          total: 76755,
          currency: 'usd',
        },
      },
    },
  } satisfies OrganizationResponse;
  const accountLicense = {
    devices: { active: 1, limit: 2 },
    renewal: { kind: 'renews', on: '2027-03-01T12:00:00.000Z' },
  } satisfies AccountLicense;
  const invitation = {
    organizationName: team.organization.name,
    inviterName: user.customerName,
    email: 'li.wei@example.com',
    expiresAt: iso(6 * DAY),
    hasAccount: false,
  } satisfies InvitationPreview;

  const passkeys = {
    passkeys: [
      {
        id: 'bench-passkey-0001',
        name: 'Chrome on Windows',
        createdAt: now - 20 * DAY,
        lastUsedAt: now - 2 * HOUR,
        backedUp: true,
      },
    ],
    max: 10,
  } satisfies PasskeyList;

  return {
    user,
    tokenExpiration,
    console: operatorConsole,
    answers: {
      ...operatorConsole.answers,
      'GET /api/organization': organization,
      'GET /api/account/license': accountLicense,
      'GET /api/team': team,
      'GET /api/team/members': teamPage,
      'GET /api/team/member-names': memberNames,
      'GET /api/team/activity': activity,
      'GET /api/team/utilization': utilization,
      'GET /api/team/scim': {
        baseUrl: 'https://sheetwright.example/scim/v2',
        tokenCreatedAt: new Date(now - 30 * DAY).toISOString(),
        lastCallAt: new Date(now - HOUR).toISOString(),
      } satisfies ScimStatus,
      [`GET /api/invitations/${benchInvitationToken}`]: invitation,
      'GET /api/me': me,
      'GET /api/config': config,
      'GET /api/usage': usage,
      'GET /api/usage/features': featureUsage,
      'GET /api/account/usage-sharing': usageSharing,
      // Two-step sign-in on, as a careful firm would have it.
      'GET /api/two-step': {
        on: true,
        since: Date.UTC(2026, 9, 2),
        recoveryCodesLeft: 9,
      } satisfies TwoStepStatus,
      'GET /api/billing': billing,
      'GET /api/passkeys': passkeys,
      'POST /api/check-payment-completion': paymentPending,
    },
  };
}
