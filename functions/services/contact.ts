/** The About page's Get in Touch form (DESIGN §3.4): stored, then e-mailed to support. */
import { contactMessages } from '../db/schema';
import type { Db, Millis } from './db';

/** A contact form submission as stored. */
export interface ContactMessage {
  name: string;
  email: string;
  message: string;
  ip: string | null;
  userAgent: string | null;
}

/** Stores a message and returns its id (quoted in the e-mail to support). */
export async function storeContactMessage(db: Db, input: ContactMessage, now: Millis) {
  const id = crypto.randomUUID();
  await db.insert(contactMessages).values({
    id,
    name: input.name,
    email: input.email,
    message: input.message,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 512) ?? null,
    createdAt: now,
  });
  return id;
}
