/**
 * The usage stats of Usage & Sessions: devices in use (the commands used are FeatureUsageSection's;
 * team activity, TeamActivitySection's).
 */
import type { UsageOverview } from '../../contract/usage';
import { deviceCountText } from './format';

export function UsageStatsSection({ overview }: { overview: UsageOverview }) {
  return (
    <section className="card" aria-labelledby="stats-title">
      <h2 id="stats-title">Usage stats</h2>
      <dl className="dashboard-details usage-stats">
        <div>
          <dt>Devices in use</dt>
          <dd>{deviceCountText(overview, overview.devices.length)}</dd>
        </div>
      </dl>
    </section>
  );
}
