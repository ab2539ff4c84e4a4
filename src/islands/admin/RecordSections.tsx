/**
 * What the customer was sent and sent us: every e-mail with its delivery state, the trial-ledger
 * rows sharing their e-mail, Google account or device fingerprint, and their contact messages.
 */
import type { ReactNode } from 'react';
import type { AdminMail, ContactMessageView, TrialMatch } from '../../contract/admin';
import { formatDateTime } from '../../lib/format';
import type { Column } from '../shared/DataTable';
import { maybeDateTime, trialKindLabel } from './format';
import { Badge, ConsoleTable, customerHref, Empty, Section } from './parts';

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

const mailColumns = (action?: (mail: AdminMail) => ReactNode): (Column<AdminMail> | false)[] => [
  {
    header: 'Subject',
    rowHeader: true,
    cell: (mail) => (
      <>
        <span className="usage-name">{mail.subject}</span>
        <span className="usage-version">{mail.tag}</span>
      </>
    ),
  },
  { header: 'To', className: 'console-break', cell: (mail) => mail.to },
  {
    header: 'Status',
    cell: (mail) => (
      <>
        <Badge state={mail.status} />
        {mail.attempts > 1 && <span className="console-muted"> {mail.attempts} tries</span>}
        {mail.lastError && <span className="console-error-text">{mail.lastError}</span>}
      </>
    ),
  },
  { header: 'Written', cell: (mail) => formatDateTime(mail.createdAt) },
  { header: 'Sent', cell: (mail) => maybeDateTime(mail.sentAt) },
  !!action && { header: 'Action', action: true, className: 'usage-action', cell: action },
];

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
    <ConsoleTable
      caption={caption}
      columns={mailColumns(action)}
      rows={mails}
      rowKey={(mail) => mail.id}
    />
  );
}

const trialColumns: Column<TrialMatch>[] = [
  { header: 'Same', cell: (match) => trialKindLabel(match.kind) },
  { header: 'Value', className: 'console-break', cell: (match) => <code>{match.value}</code> },
  {
    header: 'Trial of',
    cell: (match) =>
      match.thisAccount ? 'This account' : <a href={customerHref(match.userId)}>Another account</a>,
  },
  { header: 'Claimed', cell: (match) => formatDateTime(match.createdAt) },
];

export function TrialMatchesSection({ matches }: { matches: readonly TrialMatch[] }) {
  return (
    <Section id="trials" title="Trial-ledger matches">
      <p className="dashboard-small console-lead">
        One trial per e-mail, Google account and device: these trials share one of them with this
        customer.
      </p>
      <ConsoleTable
        caption="Trials sharing an identity with this customer"
        columns={trialColumns}
        rows={matches}
        rowKey={(match) => `${match.kind}-${match.userId}-${match.value}`}
        empty={
          <Empty>No trial was claimed with this customer's e-mail, Google account or device.</Empty>
        }
      />
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
              {message.replies.map((reply) => (
                <div key={reply.id} className="console-reply">
                  <p className="console-message-meta">
                    Reply sent by <span className="console-break">{reply.operatorEmail}</span> on{' '}
                    <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt)}</time>
                  </p>
                  <p className="console-message-text">{reply.text}</p>
                </div>
              ))}
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
