/**
 * Billing & Invoices: current plan, usage
 * summary, billing history and account management from GET /api/billing. Trial accounts see an
 * empty state and the upgrade; Enterprise is billed by agreement.
 */
import { useEffect, useRef, useState } from 'react';
import type { BillingOverview } from '../../contract/billing';
import { SuccessMessages } from '../../contract/messages';
import { withErrorBoundary } from '../ErrorBoundary';
import { CancelDialog } from './CancelDialog';
import { deviceLimitText, dateText, planOf, priceText, statusText } from './format';
import { InvoiceTable } from './InvoiceTable';
import { ManageButtons } from './ManageButtons';
import { useBilling } from './use-billing';
import '../shared/forms.css';
import '../dashboard/dashboard.css';
import './billing.css';

function BillingPage() {
  const { state, reload, replace } = useBilling();
  const [confirming, setConfirming] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const notice = useRef<HTMLParagraphElement>(null);
  const retried = useRef(false);
  const planHeading = useRef<HTMLHeadingElement>(null);
  const retry = useRef<HTMLButtonElement>(null);

  // The Cancel button is gone once cancelled, so focus goes to the confirmation instead of <body>.
  useEffect(() => {
    if (cancelled) notice.current?.focus();
  }, [cancelled]);

  // Retry disappears while loading: afterwards focus goes to what replaced it, not to <body>.
  useEffect(() => {
    if (!retried.current || state.kind === 'loading') return;
    retried.current = false;
    if (state.kind === 'ready') planHeading.current?.focus();
    else retry.current?.focus();
  }, [state.kind]);

  if (state.kind === 'loading')
    return (
      <p className="dashboard-loading" role="status">
        Loading billing...
      </p>
    );

  if (state.kind === 'failed')
    return (
      <div className="card billing-failed">
        <p className="form-error" role="alert">
          {state.problem}
        </p>
        <button
          ref={retry}
          type="button"
          className="button"
          onClick={() => {
            retried.current = true;
            reload();
          }}
        >
          Retry
        </button>
      </div>
    );

  const { value: overview } = state;
  return (
    <div className="dashboard billing">
      {cancelled && (
        <p ref={notice} tabIndex={-1} className="form-success" role="status">
          {SuccessMessages.subscriptionCancelled}
        </p>
      )}
      <CurrentPlan overview={overview} headingRef={planHeading} />
      <section className="card" aria-labelledby="usage-title">
        <h2 id="usage-title">Usage summary</h2>
        <p>
          <UsageLimit overview={overview} />{' '}
          <a href="/dashboard/usage">See your devices in Usage &amp; Sessions</a>
        </p>
      </section>
      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title">Billing history</h2>
        {overview.plan === 'Trial' && overview.invoices.length === 0 ? (
          <p className="billing-empty">
            You are on the Free Trial. There are no invoices or payments.
          </p>
        ) : (
          <InvoiceTable invoices={overview.invoices} />
        )}
      </section>
      <section className="card" aria-labelledby="manage-title">
        <h2 id="manage-title">Account management</h2>
        <ManageButtons overview={overview} onCancel={() => setConfirming(true)} />
      </section>
      <CancelDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onCancelled={(next: BillingOverview) => {
          replace(next);
          setConfirming(false);
          setCancelled(true);
        }}
      />
    </div>
  );
}

function UsageLimit({ overview }: { overview: BillingOverview }) {
  const limit = deviceLimitText(overview.plan);
  const plan = planOf(overview.plan).name;
  if (limit === null) return <>Your {plan} agreement sets how many devices can be active.</>;
  return (
    <>
      Your {plan} plan allows <strong>{limit}</strong> at a time.
    </>
  );
}

function CurrentPlan({
  overview,
  headingRef,
}: {
  overview: BillingOverview;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  // Read once per mount: whole days do not need a ticking clock.
  const [now] = useState(() => Date.now());
  const status = statusText(overview);
  const date = dateText(overview, now);
  return (
    <section className="card" aria-labelledby="plan-title">
      <h2 id="plan-title" ref={headingRef} tabIndex={-1}>
        Current plan
      </h2>
      <dl className="dashboard-details">
        <div>
          <dt>Plan</dt>
          <dd>{planOf(overview.plan).name}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{priceText(overview.plan)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`status-badge billing-status-${status.tone}`}>{status.text}</span>
          </dd>
        </div>
        <div>
          <dt>{date.label}</dt>
          <dd>{date.value}</dd>
        </div>
      </dl>
    </section>
  );
}

export default withErrorBoundary(BillingPage);
