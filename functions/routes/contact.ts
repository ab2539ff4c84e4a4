/**
 * The About page's Get in Touch form: bot-checked, rate-limited, stored, e-mailed. Declared in
 * src/contract/api/site-routes.ts.
 */
import { contactRoute } from '../../src/contract/api/site-routes';
import { SuccessMessages } from '../../src/contract/messages';
import type { MessageResponse } from '../../src/contract/user';
import { declaredRoutes } from '../lib/openapi';
import type { AccountEnv } from '../middleware/auth';
import { sendContactMessage } from '../services/support/contact';

export const contactRoutes = declaredRoutes<AccountEnv>().openapi(contactRoute, async (c) => {
  await sendContactMessage(c.get('deps'), c.req.valid('json'));
  return c.json({ message: SuccessMessages.contactSent } satisfies MessageResponse, 200);
});
