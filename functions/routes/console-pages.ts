/**
 * The console's pages (src/pages/admin/): operators get them, anyone else the site's ordinary 404
 * page (middleware/operator.ts, `operatorPages`). Mounted on their declarations
 * (src/contract/api/page-routes.ts); the page route takes any address under /admin, slashes
 * included, as its `/admin/*` did, so no built page there is ever handed out by the assets.
 */
import { consoleHomeRoute, consolePageRoute } from '../../src/contract/api/page-routes';
import type { AppEnv } from '../env';
import { declaredRoutes } from '../lib/openapi';
import { operatorPages } from '../middleware/operator';

export const consolePageRoutes = declaredRoutes<AppEnv>()
  .openapi(consoleHomeRoute, operatorPages)
  // `{.*}`: Hono's pattern for the parameter, so `/admin/`, `/admin/a/b` are this route too.
  .openapi({ ...consolePageRoute, path: '/admin/{page{.*}}' }, operatorPages);
