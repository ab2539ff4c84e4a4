/**
 * The plugin's own calls in an app of their own: the license checks, the update check, the usage
 * report, the signed-in plugin's license list, and the health probe. A Worker that starts for
 * one of them (functions/index.ts) loads these routes and the services behind them, not the
 * whole site's API (app.ts), which mounts the same routes as well: a call answers the same from
 * either, the same frame (app-frame.ts) around the same route modules.
 */
import { apiGuards, frameApp, type AppOptions } from './app-frame';
import { healthRoutes } from './routes/health';
import { licenseRoutes } from './routes/licenses';
import { pluginRoutes } from './routes/plugin';
import { releaseRoutes } from './routes/releases';
import { usageReportRoutes } from './routes/usage-report';

export function createPluginApp(options: AppOptions = {}) {
  return frameApp(options, (app) => {
    app
      .use('/api/*', ...apiGuards)
      .route('/api', healthRoutes)
      .route('/api', licenseRoutes)
      .route('/api', releaseRoutes)
      .route('/api', usageReportRoutes)
      .route('/api', pluginRoutes);
  });
}
