/**
 * Display rules of Usage & Sessions: device counts against the plan's limit, the audit trail's
 * words and the deactivation confirm text. Pure, so they are unit-tested.
 */
import type { LicenseEventView, UsageOverview } from '../../contract/usage';
import { devicesOfLimit } from '../../lib/format';
import { site } from '../../site.config';

/** "1 of 2 devices": the count against the license's limit (an Enterprise seat's number too). */
export function deviceCountText(overview: Pick<UsageOverview, 'deviceLimit'>, n: number) {
  return devicesOfLimit(n, overview.deviceLimit);
}

/** At the limit a new computer can only come in by replacing one, so the buttons say so. */
export function atDeviceLimit(overview: Pick<UsageOverview, 'deviceLimit' | 'devices'>): boolean {
  return overview.devices.length >= overview.deviceLimit;
}

/** "2 of 5 deactivations used in the last 30 days". */
export function deactivationsText(deactivations: UsageOverview['deactivations']): string {
  const { used, max, windowDays } = deactivations;
  return `${used} of ${max} deactivations used in the last ${windowDays} days`;
}

/** True when the next deactivation would be refused (429 DEACTIVATION_LIMIT). */
export function deactivationsExhausted(deactivations: UsageOverview['deactivations']): boolean {
  return deactivations.used >= deactivations.max;
}

/** What the confirm dialog says before a device is freed (or replaced, at the limit). */
export function deactivateConfirmText(deviceName: string, replacing: boolean): string {
  const stops = `${site.product} on "${deviceName}" stops working`;
  if (replacing)
    return `${stops} once it is freed. Free this device, then activate the license on the new computer in the License Manager.`;
  return `${stops} until the license is activated on it again in the License Manager.`;
}

const actionLabels: Record<LicenseEventView['action'], string> = {
  activated: 'Activated',
  deactivated: 'Deactivated',
  replaced: 'Replaced',
  renamed: 'Renamed',
};

const sourceLabels: Record<LicenseEventView['source'], string> = {
  plugin: 'Plugin',
  dashboard: 'Dashboard',
  system: 'System',
  support: 'Support',
};

/** "activated" → "Activated". */
export function actionLabel(action: LicenseEventView['action']): string {
  return actionLabels[action];
}

/** Who did it: "Plugin", "Dashboard", "System" or "Support" (an operator). */
export function sourceLabel(source: LicenseEventView['source']): string {
  return sourceLabels[source];
}
