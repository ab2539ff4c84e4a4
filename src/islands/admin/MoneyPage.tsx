/**
 * /admin/money: the money that needs an operator (GET /api/admin/money): payments refunded on
 * their own because we could not apply them, refunds operators asked for, webhook events whose
 * handler failed, and e-mails given up on; each refund or e-mail can be tried again with a reason.
 */
import { useState } from 'react';
import { type MoneyOverview } from '../../contract/admin';
import { withErrorBoundary } from '../ErrorBoundary';
import { ConsoleAlert } from './ConsoleAlert';
import { adminGet, adminPost, problemOf } from './console-api';
import { ActionButton, Empty, Loading, Section } from './parts';
import { AutomaticRefunds, FailedWebhooks, OperatorRefunds, type Retry } from './MoneyTables';
import { ReasonDialog } from './ReasonDialog';
import { MailTable } from './RecordSections';
import { useLoad } from '../shared/use-load';
import { useNotice } from './use-notice';
import '../shared/forms.css';
import '../dashboard/dashboard.css';
import '../usage/usage.css';
import './admin.css';
import { isGetMoneyOverviewAnswer } from '../../generated/answers/GetMoneyOverviewAnswer';
import { isMoneyActionAnswer } from '../../generated/answers/MoneyActionAnswer';

const loadFailed = 'We could not load the money overview. Please try again.';
const loadProblem = (error: unknown) => problemOf(error, loadFailed);
const loadMoney = () => adminGet('/api/admin/money', isGetMoneyOverviewAnswer);

type MoneySection = 'automatic' | 'operator' | 'mails';

const retryPaths: Record<Retry['kind'], (id: string) => string> = {
  refund: (id) => `/api/admin/money/refunds/${id}/retry`,
  invoice: (id) => `/api/admin/money/invoices/${id}/retry-refund`,
  mail: (id) => `/api/admin/money/mails/${id}/retry`,
};

function retryTarget(retry: Retry): { id: string; section: MoneySection; text: string } {
  switch (retry.kind) {
    case 'refund':
      return {
        id: retry.refund.id,
        section: 'automatic',
        text: `The refund to ${retry.refund.email} is asked of the payment provider again.`,
      };
    case 'invoice':
      return {
        id: retry.invoice.id,
        section: 'operator',
        text: `The refund of ${retry.invoice.number ?? retry.invoice.id} (${retry.email}) is asked of the payment provider again.`,
      };
    case 'mail':
      return {
        id: retry.mail.id,
        section: 'mails',
        text: `"${retry.mail.subject}" to ${retry.mail.to} is queued for delivery again.`,
      };
  }
}

function MoneyPage() {
  const { state, reload, refresh, replace } = useLoad(loadMoney, loadProblem);
  const [retry, setRetry] = useState<Retry | null>(null);
  const [open, setOpen] = useState(false);
  const { show, noticeFor } = useNotice<MoneySection>();

  if (state.kind === 'loading') return <Loading>Loading the money overview...</Loading>;
  if (state.kind === 'failed') return <ConsoleAlert problem={state.problem} onRetry={reload} />;

  const { value: money, refreshing } = state;
  const start = (next: Retry) => {
    setRetry(next);
    setOpen(true);
  };
  /** Shows the outcome in the retried row's section; the page is the answer's, or reloaded. */
  const finish = (text: string, ok: boolean, next: MoneyOverview | null) => {
    setOpen(false);
    if (retry) {
      show(text, ok, retryTarget(retry).section);
    }
    if (next) replace(next);
    else refresh();
  };
  const target = retry ? retryTarget(retry) : null;

  return (
    <div className="dashboard console-page console-money">
      {refreshing && <Loading>Reloading...</Loading>}
      <Section id="automatic" title="Automatic refunds" notice={noticeFor('automatic')}>
        <p className="dashboard-small console-lead">
          Payments we could not apply (the e-mail already had an account, the account already paid,
          was deleted, or the payment matched no signup) are refunded on their own. Each is listed
          while it waits or has failed, and for 30 days once it is done.
        </p>
        {money.automaticRefunds.length === 0 ? (
          <Empty>No automatic refund is waiting, and none was made in the last 30 days.</Empty>
        ) : (
          <AutomaticRefunds refunds={money.automaticRefunds} onRetry={start} />
        )}
      </Section>
      <Section id="operator" title="Refunds by operators" notice={noticeFor('operator')}>
        <p className="dashboard-small console-lead">
          Refunds asked for from a customer page: those still waiting or refused by the payment
          provider, then the ones done in the last 30 days. A retry sends the same request, so a
          payment is never refunded twice.
        </p>
        {money.operatorRefunds.length === 0 ? (
          <Empty>No refund by an operator is waiting, and none was made in the last 30 days.</Empty>
        ) : (
          <OperatorRefunds rows={money.operatorRefunds} onRetry={start} />
        )}
      </Section>
      <Section id="webhooks" title="Failed webhook events">
        <p className="dashboard-small console-lead">
          Events from the payment provider whose handling failed. The provider sends each again on
          its own; an event leaves this list once it has been applied.
        </p>
        {money.failedWebhooks.length === 0 ? (
          <Empty>No webhook event is failing.</Empty>
        ) : (
          <FailedWebhooks rows={money.failedWebhooks} />
        )}
      </Section>
      <Section id="dead-mails" title="Dead-lettered e-mails" notice={noticeFor('mails')}>
        <p className="dashboard-small console-lead">
          E-mails whose delivery failed every retry. Fix the cause (the last error says it), then
          send them again.
        </p>
        {money.deadMails.length === 0 ? (
          <Empty>No e-mail has been given up on.</Empty>
        ) : (
          <MailTable
            mails={money.deadMails}
            caption="E-mails given up on, newest first"
            action={(mail) => (
              <ActionButton about={mail.subject} onClick={() => start({ kind: 'mail', mail })}>
                Send again...
              </ActionButton>
            )}
          />
        )}
      </Section>
      <ReasonDialog
        open={open}
        title={retry?.kind === 'mail' ? 'Send this e-mail again?' : 'Try this refund again?'}
        confirmLabel={retry?.kind === 'mail' ? 'Send again' : 'Retry refund'}
        busyLabel={retry?.kind === 'mail' ? 'Queuing...' : 'Retrying...'}
        tone="primary"
        send={(reason) =>
          retry && target
            ? adminPost(
                retryPaths[retry.kind](encodeURIComponent(target.id)),
                isMoneyActionAnswer,
                { reason },
              )
            : Promise.reject(new Error('Nothing to retry'))
        }
        onDone={(answer) => finish(answer.message, true, answer.money)}
        onStale={(problem) => finish(problem.message, false, null)}
        onClose={() => setOpen(false)}
      >
        {target && <p>{target.text}</p>}
      </ReasonDialog>
    </div>
  );
}

export default withErrorBoundary(MoneyPage);
