/**
 * What the Usage & Sessions sections render for a given overview (server-rendered to HTML, as
 * Astro does before the island hydrates), so the states that are awkward to reach in a browser
 * (Enterprise, empty lists, many sessions) are covered.
 */
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type {
  DeviceView,
  FeatureUsageView,
  PluginSignInView,
  SessionView,
  UsageOverview,
} from '../../src/contract/usage';
import { DeactivateDialog } from '../../src/islands/usage/DeactivateDialog';
import { DevicesSection } from '../../src/islands/usage/DevicesSection';
import { HistorySection } from '../../src/islands/usage/HistorySection';
import { UsageStatsSection } from '../../src/islands/usage/NoteSections';
import { TeamActivitySection } from '../../src/islands/usage/TeamActivitySection';
import { SessionsSection } from '../../src/islands/usage/SessionsSection';
import { PluginsSection } from '../../src/islands/usage/PluginsSection';
import { FeatureUsageBody, featureRows } from '../../src/islands/usage/FeatureUsageSection';
import { niceMax } from '../../src/islands/shared/FeatureChart';
import { site } from '../../src/site.config';

const now = Date.parse('2026-03-10T12:00:00.000Z');

const device = (id: string, name: string): DeviceView => ({
  id,
  deviceId: `machine-${id}`,
  deviceName: name,
  appVersion: '1.0.0',
  activatedAt: '2026-03-01T09:00:00.000Z',
  lastSeenAt: '2026-03-10T10:00:00.000Z',
});

const session = (id: string, current: boolean): SessionView => ({
  id,
  createdAt: '2026-03-09T08:00:00.000Z',
  lastUsedAt: '2026-03-10T11:30:00.000Z',
  expiresAt: '2026-03-23T08:00:00.000Z',
  device: current ? 'Chrome on Windows' : 'Firefox on macOS',
  ip: current ? '203.0.113.7' : null,
  current,
});

const overview = (patch: Partial<UsageOverview>): UsageOverview => ({
  plan: 'Standard',
  deviceLimit: 2,
  devices: [],
  history: [],
  sessions: [session('s1', true)],
  plugins: [],
  deactivations: { used: 1, max: 5, windowDays: 30 },
  ...patch,
});

const html = (element: ReactElement) => renderToStaticMarkup(element);
const devicesHtml = (value: UsageOverview) =>
  html(
    createElement(DevicesSection, {
      overview: value,
      now,
      notice: null,
      onDeactivated: () => {},
      onRenamed: () => {},
    }),
  );
const sessionsHtml = (sessions: SessionView[]) =>
  html(createElement(SessionsSection, { sessions, now, notice: null, onRevoked: () => {} }));

describe('Active devices', () => {
  it('without devices, explains how to activate one with links to installation and download', () => {
    const page = devicesHtml(overview({}));
    expect(page).toContain(
      `No devices yet. Install ${site.product}, open the License Manager and paste your license key.`,
    );
    expect(page).toContain('href="/installation"');
    expect(page).toContain('href="/dashboard#download"');
    expect(page).toContain('0 of 2 devices');
    expect(page).not.toContain('<table');
  });

  it('lists each device with its last check-in as relative time and the full date as title', () => {
    const page = devicesHtml(overview({ devices: [device('d1', 'Office PC')] }));
    expect(page).toContain('1 of 2 devices');
    expect(page).toContain('Office PC');
    expect(page).toContain('Version 1.0.0');
    expect(page).toMatch(
      /<time datetime="2026-03-10T10:00:00.000Z" title="March 10, 2026[^"]*">2 hours ago<\/time>/i,
    );
    expect(page).toContain('March 1, 2026');
    expect(page).toContain('>Deactivate<');
    expect(page).not.toContain('Replace this device');
    expect(page).toContain('1 of 5 deactivations used in the last 30 days');
  });

  it('at the device limit, offers to replace each device instead', () => {
    const page = devicesHtml(
      overview({
        devices: [device('d1', 'Office PC'), { ...device('d2', 'Laptop'), appVersion: null }],
      }),
    );
    expect(page).toContain('2 of 2 devices');
    expect(page).toContain('Version unknown');
    expect(page.match(/>Replace this device</g)).toHaveLength(2);
    expect(page).not.toContain('>Deactivate<');
    // Its dialog loads when first opened (lazy-part.tsx); it asks to replace, not to deactivate.
    const dialog = html(
      createElement(DeactivateDialog, {
        open: true,
        device: device('d1', 'Office PC'),
        replacing: true,
        deactivations: { used: 1, max: 5, windowDays: 30 },
        onClose: () => {},
        onDone: () => {},
      }),
    );
    expect(dialog).toContain('Replace this device?');
  });

  it("for Enterprise, shows the count against the seat's limit", () => {
    const page = devicesHtml(
      overview({
        plan: 'Enterprise',
        deviceLimit: 3,
        devices: [device('d1', 'A'), device('d2', 'B')],
      }),
    );
    expect(page).toContain('<p class="usage-count">2 of 3 devices</p>');
    expect(page).not.toContain('Replace this device');
  });
});

describe('Activation history', () => {
  it('has an empty state', () => {
    expect(html(createElement(HistorySection, { history: [] }))).toContain('No activations yet.');
  });

  it('shows the date, action, device and who did it', () => {
    const page = html(
      createElement(HistorySection, {
        history: [
          {
            id: 'e1',
            action: 'replaced',
            source: 'dashboard',
            deviceId: 'machine-1',
            deviceName: 'Office PC',
            at: '2026-03-10T10:00:00.000Z',
          },
        ],
      }),
    );
    for (const text of ['March 10, 2026', 'Replaced', 'Office PC', 'Dashboard'])
      expect(page).toContain(text);
  });
});

describe('Active sessions', () => {
  it('with only this browser, says so and offers no sign-out', () => {
    const page = sessionsHtml([session('s1', true)]);
    expect(page).toContain('This browser');
    expect(page).toContain('Only this browser is signed in.');
    expect(page).not.toContain('Sign out');
    expect(page).toContain('203.0.113.7');
  });

  it('marks this browser and offers to sign out the others, one or all', () => {
    const page = sessionsHtml([session('s1', true), session('s2', false)]);
    expect(page.match(/This browser/g)).toHaveLength(1);
    expect(page.match(/>Sign out</g)).toHaveLength(1);
    expect(page).toContain('Sign out all other sessions');
    expect(page).toContain('Firefox on macOS');
    expect(page).toContain('Unknown');
    expect(page).not.toContain('Only this browser is signed in.');
  });
});

describe('Signed-in plugins', () => {
  const html = (plugins: PluginSignInView[]) =>
    renderToStaticMarkup(
      createElement(PluginsSection, { plugins, now, notice: null, onRevoked: () => undefined }),
    );

  it('says when no plugin is signed in, and offers nothing to revoke', () => {
    const page = html([]);
    expect(page).toContain('No plugin is signed in.');
    // The row buttons carry the computer's name for screen readers; the closed dialog has none.
    expect(page).not.toMatch(/Revoke<span/);
  });

  it('lists each plugin by its computer (or machine id) with its approval and a Revoke', () => {
    const plugin = (id: string, deviceName: string | null): PluginSignInView => ({
      id,
      clientName: 'Sheetwright plugin',
      deviceName,
      deviceId: `machine-${id}`,
      approvedAt: '2026-03-09T08:00:00.000Z',
      lastUsedAt: '2026-03-10T11:30:00.000Z',
    });
    const page = html([plugin('p1', 'Office PC'), plugin('p2', null)]);
    expect(page).toContain('Office PC');
    expect(page).toContain('machine-p2');
    expect(page.match(/Revoke<span/g)).toHaveLength(2);
    expect(page).not.toContain('No plugin is signed in.');
  });
});

describe('Usage stats and team activity', () => {
  it('counts the devices in use and leaves the commands used to Feature usage', () => {
    const page = html(
      createElement(UsageStatsSection, { overview: overview({ devices: [device('d1', 'PC')] }) }),
    );
    expect(page).toContain('Devices in use');
    expect(page).not.toContain('Feature usage');
  });

  it('tells Enterprise accounts team activity is arranged with us, others which plan has it', () => {
    const enterprise = html(createElement(TeamActivitySection, { plan: 'Enterprise' }));
    expect(enterprise).toContain('arranged with us');
    expect(enterprise).toContain('href="/about"');
    const standard = html(createElement(TeamActivitySection, { plan: 'Standard' }));
    expect(standard).toContain('Team activity monitoring is available on the Enterprise plan.');
  });
});

describe('Feature usage', () => {
  const nine = (values: number[]) => [...values, ...Array<number>(9 - values.length).fill(0)];
  const view = (devices: FeatureUsageView['devices'], shareUsage = true): FeatureUsageView => ({
    days: 30,
    from: '2026-02-09',
    to: '2026-03-10',
    shareUsage,
    devices,
  });
  const office = {
    deviceId: 'machine-1',
    deviceName: 'Office PC',
    counts: nine([4, 0, 2]),
    lastUsed: ['2026-03-09', '2026-01-02', '2026-03-01', ...Array<string | null>(6).fill(null)],
  };
  const laptop = {
    deviceId: 'machine-2',
    deviceName: 'Laptop',
    counts: nine([1]),
    lastUsed: ['2026-03-10', ...Array<string | null>(8).fill(null)],
  };

  it('sums the chosen devices per command and keeps the latest day used', () => {
    const rows = featureRows([office, laptop]);
    expect(rows.map((row) => row.uses)).toEqual(nine([5, 0, 2]));
    expect(rows[0]).toMatchObject({ label: 'Renumber Views', lastUsed: '2026-03-10' });
    expect(rows[1]?.lastUsed).toBe('2026-01-02');
    expect(rows[8]).toMatchObject({ label: 'Wipe Model', uses: 0, lastUsed: null });
  });

  it('draws a chart with its numbers and a table of the same, with a device filter', () => {
    const page = html(createElement(FeatureUsageBody, { view: view([office, laptop]), days: 30 }));
    expect(page).toContain('<svg');
    expect(page).toContain('Uses in the last 30 days');
    expect(page).toContain('All devices');
    expect(page).toContain('<th scope="row"');
    expect(page).toContain('March 10, 2026');
    expect(page).toContain('href="/guide/general-notes-and-sheet-notes#steps-general-notes"');
  });

  it('says how the plugin reports when nothing was reported, or that sharing is off', () => {
    const empty = html(createElement(FeatureUsageBody, { view: view([]), days: 30 }));
    const off = html(createElement(FeatureUsageBody, { view: view([], false), days: 30 }));
    expect(empty).toContain('No feature usage yet.');
    expect(empty).not.toContain('<svg');
    expect(off).toContain('feature usage sharing is off');
  });

  it('ends the axis on a round number', () => {
    expect([0, 3, 7, 10, 11, 180, 2100].map(niceMax)).toEqual([5, 5, 10, 10, 20, 200, 5000]);
  });
});
