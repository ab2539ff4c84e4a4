import { describe, expect, it } from 'vitest';
import type { UsageOverview } from '../../src/contract/usage';
import {
  actionLabel,
  atDeviceLimit,
  deactivateConfirmText,
  deactivationsExhausted,
  deactivationsText,
  deviceCountText,
  sourceLabel,
} from '../../src/islands/usage/format';
import { relativeTime } from '../../src/lib/format';
import { licensing, plans } from '../../src/site.config';

const device = (id: string) => ({
  id,
  deviceId: `machine-${id}`,
  deviceName: `PC ${id}`,
  appVersion: '1.0.0',
  activatedAt: '2026-01-01T00:00:00.000Z',
  lastSeenAt: '2026-01-02T00:00:00.000Z',
});

const window = {
  used: 2,
  max: licensing.maxDeactivations,
  windowDays: licensing.deactivationWindowDays,
};

describe('device count', () => {
  it('shows the count against the plan limit for Trial and Standard', () => {
    expect(deviceCountText({ deviceLimit: plans.trial.deviceLimit ?? 0 }, 1)).toBe('1 of 1 device');
    expect(deviceCountText({ deviceLimit: plans.standard.deviceLimit ?? 0 }, 0)).toBe(
      '0 of 2 devices',
    );
  });

  it("shows the count against an Enterprise seat's own limit", () => {
    expect(deviceCountText({ deviceLimit: 2 }, 1)).toBe('1 of 2 devices');
    expect(deviceCountText({ deviceLimit: 25 }, 3)).toBe('3 of 25 devices');
  });

  it('is at the limit once the devices fill the license', () => {
    const overview = (deviceLimit: number, n: number) => ({
      deviceLimit,
      devices: Array.from({ length: n }, (_, i) => device(String(i))),
    });
    expect(atDeviceLimit(overview(1, 1))).toBe(true);
    expect(atDeviceLimit(overview(2, 1))).toBe(false);
    expect(atDeviceLimit(overview(2, 3))).toBe(true);
  });
});

describe('deactivations', () => {
  it('says how many of the window are used', () => {
    expect(deactivationsText(window)).toBe(
      `2 of ${licensing.maxDeactivations} deactivations used in the last ${licensing.deactivationWindowDays} days`,
    );
  });

  it('is exhausted only when every deactivation of the window is used', () => {
    expect(deactivationsExhausted(window)).toBe(false);
    expect(deactivationsExhausted({ ...window, used: window.max })).toBe(true);
  });

  it('explains that the plugin stops on the freed computer', () => {
    const text = deactivateConfirmText('Office PC', false);
    expect(text).toContain('"Office PC" stops working until the license is activated');
    expect(text).toContain('License Manager');
  });

  it('at the limit, explains freeing this device, then activating the new computer', () => {
    const text = deactivateConfirmText('Office PC', true);
    expect(text).toContain('"Office PC" stops working once it is freed. Free this device');
    expect(text).toContain('then activate the license on the new computer in the License Manager');
  });
});

describe('activation history labels', () => {
  it('names every action and source of the audit trail', () => {
    const actions: UsageOverview['history'][number]['action'][] = [
      'activated',
      'deactivated',
      'replaced',
    ];
    expect(actions.map(actionLabel)).toEqual(['Activated', 'Deactivated', 'Replaced']);
    const sources: UsageOverview['history'][number]['source'][] = ['plugin', 'dashboard', 'system'];
    expect(sources.map(sourceLabel)).toEqual(['Plugin', 'Dashboard', 'System']);
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('says "just now" under a minute and for a moment slightly in the future', () => {
    expect(relativeTime(ago(30_000), now)).toBe('just now');
    expect(relativeTime(ago(-5_000), now)).toBe('just now');
  });

  it('uses the largest whole unit that fits', () => {
    expect(relativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(relativeTime(ago(2 * 3_600_000 + 59 * 60_000), now)).toBe('2 hours ago');
    expect(relativeTime(ago(86_400_000), now)).toBe('1 day ago');
    expect(relativeTime(ago(8 * 86_400_000), now)).toBe('1 week ago');
    expect(relativeTime(ago(65 * 86_400_000), now)).toBe('2 months ago');
    expect(relativeTime(ago(400 * 86_400_000), now)).toBe('1 year ago');
  });

  it('leaves text that is not a date alone', () => {
    expect(relativeTime('never', now)).toBe('never');
  });
});
