/**
 * The development mailer (the local mailbox): the outbox row already is the message /dev/mailbox
 * shows, so handing it over is nothing more than the delivery marking it sent; its text is kept
 * for the mailbox. A development stand-in: production code reaches it only through
 * functions/dev/load.ts, so a production build does not contain it (scripts/build-worker.mjs).
 */
import type { Mailer } from './types';

export function createLocalMailer(): Mailer {
  return {
    keepsSentText: true,
    async send() {
      // Nothing leaves the machine in development.
    },
  };
}
