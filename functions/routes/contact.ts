/** The About page's Get in Touch form: bot-checked, rate-limited, stored, e-mailed. */
import { Hono } from 'hono';
import { contactSchema } from '../../src/contract/schemas/auth';
import { SuccessMessages } from '../../src/contract/messages';
import type { MessageResponse } from '../../src/contract/user';
import { jsonBody } from '../lib/validate';
import type { AccountEnv } from '../middleware/auth';
import { sendContactMessage } from '../services/support/contact';

export const contactRoutes = new Hono<AccountEnv>().post(
  '/contact',
  jsonBody(contactSchema),
  async (c) => {
    await sendContactMessage(c.get('deps'), c.req.valid('json'));
    return c.json({ message: SuccessMessages.contactSent } satisfies MessageResponse, 200);
  },
);
