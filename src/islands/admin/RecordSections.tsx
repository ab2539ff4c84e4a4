/**
 * What the customer was sent and sent us: every e-mail with its delivery state, the trial-ledger
 * rows sharing their e-mail, Google account or device fingerprint, and their contact messages.
 */
import type { ReactNode } from 'react';
import type { AdminMail, ContactMessageView, TrialMatch } from '../../contract/admin';
import { maybeDateTime, trialKindLabel } from './format';
import { Badge, Cell, customerHref, Empty, Section } from './parts';
import { formatDateTime } from '../../lib/format';

export function MailsSection({ mails }: { mails: readonly AdminMail[] }) {
  return (
    <Section id="mails" title="E-mails">
      {mails.length === 0 ? (
        <Empty>No e-mail has been sent to this customer.</Empty>
      ) : (
        <MailTable mails={mails} caption="E-mails to this customer, newest first" />
      )}
    </Section>
  );
}

/** E-mails with their delivery state (the customer page and the money page). */
export function MailTable({
  mails,
  caption,
  action,
}: {
  mails: readonly AdminMail[];
  caption: string;
  /** A button per row (the money page's "Send again"). */
  action?: (mail: AdminMail) => ReactNode;
}) {
  return (
    <div className="usage-table-wrap">
      <table className="usage-table console-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Subject</th>
            <th scope="col">To</th>
            <th scope="col">Status</th>
            <th scope="col">Written</th>
            <th scope="col">Sent</th>
            {action && (
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {mails.map((mail) => (
            <tr key={mail.id}>
              <th scope="row" data-label="Subject">
                <span className="usage-name">{mail.subject}</span>
                <span className="usage-version">{mail.tag}</span>
              </th>
              <Cell label="To" className="console-break">
                {mail.to}
              </Cell>
              <Cell label="Status">
                <Badge state={mail.status} />
                {mail.attempts > 1 && <span className="console-muted"> {mail.attempts} tries</span>}
                {mail.lastError && <span className="console-error-text">{mail.lastError}</span>}
              </Cell>
              <Cell label="Written">{formatDateTime(mail.createdAt)}</Cell>
              <Cell label="Sent">{maybeDateTime(mail.sentAt)}</Cell>
              {action && <td className="usage-action">{action(mail)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function TrialMatchesSection({ matches }: { matches: readonly TrialMatch[] }) {
  return (
    <Section id="trials" title="Trial-ledger matches">
      <p className="dashboard-small console-lead">
        One trial per e-mail, Google account and device: these trials share one of them with this
        customer.
      </p>
      {matches.length === 0 ? (
        <Empty>No trial was claimed with this customer's e-mail, Google account or device.</Empty>
      ) : (
        <div className="usage-table-wrap">
          <table className="usage-table console-table">
            <caption className="visually-hidden">
              Trials sharing an identity with this customer
            </caption>
            <thead>
              <tr>
                <th scope="col">Same</th>
                <th scope="col">Value</th>
                <th scope="col">Trial of</th>
                <th scope="col">Claimed</th>
              </tr>
            </thead>
            <tbody>
              {matches.map((match) => (
                <tr key={`${match.kind}-${match.userId}-${match.value}`}>
                  <Cell label="Same">{trialKindLabel(match.kind)}</Cell>
                  <Cell label="Value" className="console-break">
                    <code>{match.value}</code>
                  </Cell>
                  <Cell label="Trial of">
                    {match.thisAccount ? (
                      'This account'
                    ) : (
                      <a href={customerHref(match.userId)}>Another account</a>
                    )}
                  </Cell>
                  <Cell label="Claimed">{formatDateTime(match.createdAt)}</Cell>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

export function ContactSection({ messages }: { messages: readonly ContactMessageView[] }) {
  return (
    <Section id="contact" title="Contact messages">
      {messages.length === 0 ? (
        <Empty>No contact message from this customer's address.</Empty>
      ) : (
        <ul className="console-messages">
          {messages.map((message) => (
            <li key={message.id} className="console-item">
              <p className="console-message-meta">
                <Badge state={message.status} />{' '}
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time> ·{' '}
                {message.name}
              </p>
              <p className="console-message-text">{message.message}</p>
              {message.handledNote && (
                <p className="dashboard-small">
                  Handled by {message.handledBy ?? 'an operator'}
                  {message.handledAt && ` on ${formatDateTime(message.handledAt)}`}:{' '}
                  {message.handledNote}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="dashboard-small">
        <a href="/admin/inbox">Open the inbox</a> to reply and mark messages handled.
      </p>
    </Section>
  );
}
