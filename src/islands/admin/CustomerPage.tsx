/**
 * /admin/customer?id=…: everything about one customer on one page (GET
 * /api/admin/customers/:id), each action from the section it belongs to. Every action opens a
 * confirm dialog that needs a reason; its answer's message is shown in that section and the page
 * is redrawn from the answer's `detail`.
 */
import { useCallback, useState } from 'react';
import { type CustomerDetail } from '../../contract/admin';
import { ConsoleMessages } from '../../contract/messages';
import { withErrorBoundary } from '../ErrorBoundary';
import { ApiFailure } from '../shared/api';
import { AccountSection } from './AccountSection';
import { DaysField, RefundCancelField, WhenField } from './ActionFields';
import { AuditTable } from './AuditTable';
import { adminGet, adminPost, problemOf, type Problem } from './console-api';
import {
  actionBody,
  actionText,
  defaultInput,
  sectionOf,
  type ActionInput,
  type ActionSection,
  type Pending,
} from './customer-actions';
import { DevicesSection, HistorySection } from './DeviceSections';
import { LicensesSection } from './LicensesSection';
import { NotesSection } from './NotesSection';
import { Badge, Empty, Loading, PendingPage, Section } from './parts';
import { InvoicesSection, SubscriptionSection } from './PaymentSections';
import { ReasonDialog } from './ReasonDialog';
import { ContactSection, MailsSection, TrialMatchesSection } from './RecordSections';
import { SessionsSection } from './SessionsSection';
import { useLoad } from '../shared/use-load';
import { useNotice } from './use-notice';
import '../shared/forms.css';
import '../dashboard/dashboard.css';
import '../usage/usage.css';
import './admin.css';
import { isActOnCustomerAnswer } from '../../generated/answers/ActOnCustomerAnswer';
import { isGetCustomerAnswer } from '../../generated/answers/GetCustomerAnswer';

const loadFailed = 'We could not load this customer. Please try again.';
const loadProblem = (error: unknown) => problemOf(error, loadFailed);
const noCustomer = 'This address names no customer. Find the customer from Search.';

/** The customer the address names. */
function customerId(): string {
  return new URLSearchParams(window.location.search).get('id')?.trim() ?? '';
}

function loadCustomer(): Promise<CustomerDetail> {
  const id = customerId();
  if (!id) return Promise.reject(new ApiFailure(404, noCustomer, null));
  return adminGet(`/api/admin/customers/${encodeURIComponent(id)}`, isGetCustomerAnswer);
}

/** The page's jump links, in page order. */
const jumps = [
  ['account', 'Account'],
  ['notes', 'Notes'],
  ['licenses', 'Licenses'],
  ['devices', 'Devices'],
  ['history', 'Activation history'],
  ['sessions', 'Sessions'],
  ['subscription', 'Subscription'],
  ['invoices', 'Invoices and refunds'],
  ['mails', 'E-mails'],
  ['trials', 'Trial matches'],
  ['contact', 'Contact messages'],
  ['audit', 'Audit trail'],
] as const;

function CustomerPage() {
  const { state, reload, refresh, replace } = useLoad(loadCustomer, loadProblem);
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState<ActionInput>(defaultInput);
  const { show, noticeFor } = useNotice<ActionSection>();

  const start = useCallback((next: Pending) => {
    setPending(next);
    setInput({
      ...defaultInput,
      when:
        next.action === 'cancel-subscription' && next.subscription.cancelAtPeriodEnd
          ? 'now'
          : 'period-end',
    });
    setOpen(true);
  }, []);

  if (state.kind !== 'ready')
    return (
      <PendingPage
        title="Customer"
        problem={state.kind === 'failed' ? state.problem : null}
        onRetry={reload}
        back={{ href: '/admin/search', label: 'Back to Search' }}
      />
    );

  const { value: detail, now, refreshing } = state;
  const { account } = detail;
  const text = pending ? actionText(pending, account) : null;
  // A full refund may also end this subscription now (the newest, while it has not ended).
  const newest = detail.subscriptions[0];
  const running = newest?.status === 'canceled' ? undefined : newest;

  return (
    <div className="dashboard console-page console-customer">
      <header className="console-customer-head">
        <h1>{account.customerName}</h1>
        <p className="console-customer-line">
          <span className="console-break">{account.email}</span>
          <Badge state="neutral">{account.plan}</Badge>
          {account.isDeleted && <Badge state="revoked">Deleted</Badge>}
          {account.role === 'admin' && <Badge state="neutral">Operator</Badge>}
        </p>
        {refreshing && <Loading>Reloading the customer...</Loading>}
      </header>
      <nav className="console-jumps" aria-label="Sections of this page">
        <ul>
          {jumps.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <AccountSection
        account={account}
        organizations={detail.organizations}
        notice={noticeFor('account')}
        onAction={start}
      />
      <NotesSection
        userId={account.id}
        notes={detail.notes}
        onDetail={(result) => replace(result.detail)}
        onStale={refresh}
      />
      <LicensesSection
        licenses={detail.licenses}
        canResend={!account.isDeleted}
        notice={noticeFor('licenses')}
        onAction={start}
      />
      <DevicesSection
        devices={detail.devices}
        licenses={detail.licenses}
        now={now}
        notice={noticeFor('devices')}
        onAction={start}
      />
      <HistorySection activations={detail.activations} />
      <SessionsSection
        sessions={detail.sessions}
        now={now}
        notice={noticeFor('sessions')}
        onAction={start}
      />
      <SubscriptionSection
        subscriptions={detail.subscriptions}
        now={now}
        notice={noticeFor('subscription')}
        onAction={start}
      />
      <InvoicesSection
        invoices={detail.invoices}
        automaticRefunds={detail.automaticRefunds}
        notice={noticeFor('invoices')}
        onAction={start}
      />
      <MailsSection mails={detail.mails} />
      <TrialMatchesSection matches={detail.trialMatches} />
      <ContactSection messages={detail.contactMessages} />
      <Section id="audit" title="Audit trail">
        {detail.audit.length === 0 ? (
          <Empty>No operator has acted on this customer yet.</Empty>
        ) : (
          <AuditTable entries={detail.audit} caption="Operator actions on this customer" />
        )}
        <p className="dashboard-small">
          <a href={`/admin/audit?customer=${encodeURIComponent(account.id)}`}>
            Open in the audit log
          </a>
        </p>
      </Section>
      <ReasonDialog
        open={open}
        title={text?.title ?? ''}
        confirmLabel={text?.confirm ?? ''}
        busyLabel={text?.busy ?? ''}
        tone={text?.tone ?? 'danger'}
        keepLabel={pending?.action === 'cancel-subscription' ? 'Keep subscription' : 'Cancel'}
        send={(reason) =>
          adminPost(
            `/api/admin/customers/${encodeURIComponent(account.id)}/actions`,
            isActOnCustomerAnswer,
            pending ? actionBody(pending, reason, input) : {},
          )
        }
        onDone={(result) => {
          setOpen(false);
          replace(result.detail);
          if (pending) show(result.message, true, sectionOf(pending.action));
        }}
        onStale={(problem: Problem) => {
          setOpen(false);
          if (pending)
            show(problem.message || ConsoleMessages.staleState, false, sectionOf(pending.action));
          refresh();
        }}
        onClose={() => setOpen(false)}
      >
        {text && <p>{text.explain}</p>}
        {pending?.action === 'extend-license' && (
          <DaysField
            license={pending.license}
            days={input.days}
            now={now}
            onChange={(days) => setInput((current) => ({ ...current, days }))}
          />
        )}
        {pending?.action === 'refund-payment' && running && (
          <RefundCancelField
            subscription={running}
            checked={input.cancelSubscription}
            onChange={(cancelSubscription) =>
              setInput((current) => ({ ...current, cancelSubscription }))
            }
          />
        )}
        {pending?.action === 'cancel-subscription' && (
          <WhenField
            subscription={pending.subscription}
            when={input.when}
            onChange={(when) => setInput((current) => ({ ...current, when }))}
          />
        )}
      </ReasonDialog>
    </div>
  );
}

export default withErrorBoundary(CustomerPage);
