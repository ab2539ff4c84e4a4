/**
 * The signed-in account: its license summary for My Account (GET /api/account/license), change
 * the password (POST /api/change-password), set a first one
 * (POST /api/set-password, Google-only accounts), share feature usage or not (GET and PATCH
 * /api/account/usage-sharing) and delete the account (DELETE /api/delete; docs/operating.md,
 * "Deletion and restore"). Declared in src/contract/api/account-routes.ts.
 */
import {
  accountLicenseRoute,
  changePasswordRoute,
  deleteAccountRoute,
  setPasswordRoute,
  setUsageSharingRoute,
  usageSharingRoute,
} from '../../src/contract/api/account-routes';
import type { AccountLicense } from '../../src/contract/account';
import type { UsageSharing } from '../../src/contract/usage';
import type { MessageResponse } from '../../src/contract/user';
import { SuccessMessages } from '../../src/contract/messages';
import { declaredRoutes } from '../lib/openapi';
import { clearSessionCookie, requireSession, type AccountEnv } from '../middleware/auth';
import { deleteAccount } from '../services/accounts/deletion';
import { licenseSummary } from '../services/accounts/license-summary';
import { changePassword, setFirstPassword } from '../services/accounts/password-change';
import { setUsageSharing, usageSharing } from '../services/accounts/usage-sharing';

export const accountRoutes = declaredRoutes<AccountEnv>()
  // Bearer or cookie with our Origin (CSRF, middleware/auth.ts); this session stays signed in.
  .openapi({ ...changePasswordRoute, middleware: requireSession }, async (c) => {
    await changePassword(c.get('deps'), c.get('session'), c.req.valid('json'));
    return c.json({ message: SuccessMessages.passwordChanged } satisfies MessageResponse, 200);
  })
  // A Google-only account's first password, for a recent proof of who is at the keyboard.
  .openapi({ ...setPasswordRoute, middleware: requireSession }, async (c) => {
    await setFirstPassword(c.get('deps'), c.get('session'), c.req.valid('json'));
    return c.json({ message: SuccessMessages.passwordSet } satisfies MessageResponse, 200);
  })
  .openapi({ ...accountLicenseRoute, middleware: requireSession }, async (c) => {
    const summary = await licenseSummary(c.get('deps'), c.get('session').userId);
    return c.json(summary satisfies AccountLicense, 200);
  })
  .openapi({ ...usageSharingRoute, middleware: requireSession }, async (c) => {
    const sharing = await usageSharing(c.get('deps'), c.get('session').userId);
    return c.json(sharing satisfies UsageSharing, 200);
  })
  // Bearer or cookie with our Origin (CSRF, middleware/auth.ts).
  .openapi({ ...setUsageSharingRoute, middleware: requireSession }, async (c) => {
    const { shareUsage } = c.req.valid('json');
    const sharing = await setUsageSharing(c.get('deps'), c.get('session').userId, shareUsage);
    return c.json(sharing satisfies UsageSharing, 200);
  })
  // Bearer or cookie with our Origin (CSRF, middleware/auth.ts). No body is read.
  .openapi({ ...deleteAccountRoute, middleware: requireSession }, async (c) => {
    await deleteAccount(c.get('deps'), c.get('session').userId);
    clearSessionCookie(c);
    return c.json({ message: SuccessMessages.accountDeleted } satisfies MessageResponse, 200);
  });
