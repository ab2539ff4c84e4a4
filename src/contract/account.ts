/**
 * GET /api/account/license: what My Account states beside the user object (user.ts): the
 * license's devices against its limit and whether a paid plan renews or ends. Its zod schema
 * is in api/account-schemas.ts; the island checks it with src/generated/answers/.
 */
import type { GetAccountLicenseAnswer } from '../generated/answers/GetAccountLicenseAnswer';

export type AccountLicense = GetAccountLicenseAnswer;
