/**
 * Billing & Invoices: current plan, usage summary, billing history, billing details and account
 * management from GET /api/billing. Trial accounts see an
 * empty state and the upgrade; Enterprise is billed by agreement.
 */
import { useEffect, useRef, useState } from 'react';
import { type BillingOverview, type YearlyCharge } from '../../contract/billing';
import { chargeSeatsText, chargeTotalText } from '../../lib/charges';
import { devicesOfLimit, formatMoney } from '../../lib/format';
import { SuccessMessages } from '../../contract/messages';
import { apiCall } from '../shared/api';
import { SeatsPanel } from '../shared/SeatsPanel';
import { withErrorBoundary } from '../ErrorBoundary';
import { lazyDialog } from '../shared/lazy-part';
import { DetailsCard } from './DetailsCard';
import {
  cardName,
  cardText,
  deviceLimitText,
  dateText,
  failedRenewalText,
  invoiceNotice,
  planOf,
  priceText,
  statusText,
  teamReadyNotice,
} from './format';
import { inviteTeam, teamReadyHeading, viewInvoice } from '../../contract/invoice-notice-texts';
import { InvoiceTable } from './InvoiceTable';
import { ManageButtons, usePortal } from './ManageButtons';
import { useBilling } from './use-billing';
import '../shared/forms.css';
import '../dashboard/dashboard.css';
import './billing.css';
import { isGetBillingOverviewAnswer } from '../../generated/answers/GetBillingOverviewAnswer';

// Few visits cancel or resume: their dialogs load when first opened.
const CancelDialog = lazyDialog(async () => (await import('./CancelDialog')).CancelDialog);
const ResumeDialog = lazyDialog(async () => (await import('./ResumeDialog')).ResumeDialog);

function BillingPage() {
  const { state, reload, replace } = useBilling();
  const [confirming, setConfirming] = useState(false);
  const [resuming, setResuming] = useState(false);
  const [done, setDone] = useState<'cancelled' | 'resumed' | null>(null);
  // Read once per mount: whole days and card expiry months do not need a ticking clock.
  const [now] = useState(() => Date.now());
  const notice = useRef<HTMLParagraphElement>(null);
  const retried = useRef(false);
  const planHeading = useRef<HTMLHeadingElement>(null);
  const retry = useRef<HTMLButtonElement>(null);

  // The Cancel (or Resume) button is gone afterwards, so focus goes to the confirmation instead
  // of <body>.
  useEffect(() => {
    if (done) notice.current?.focus();
  }, [done]);

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
  const card = cardText(overview.card, now);
  const failed = failedRenewalText(overview);
  // Where a purchase by invoice lands (`?invoice=`): only ever rendered in the browser.
  const ready = teamReadyNotice(
    overview,
    new URLSearchParams(window.location.search).get('invoice'),
  );
  const due = ready ? null : invoiceNotice(overview);
  return (
    <div className="dashboard billing">
      {done && (
        <p ref={notice} tabIndex={-1} className="form-success" role="status">
          {done === 'cancelled'
            ? SuccessMessages.subscriptionCancelled
            : SuccessMessages.subscriptionResumed}
        </p>
      )}
      {ready && (
        <section className="card billing-ready" aria-labelledby="ready-title">
          <h2 id="ready-title">{teamReadyHeading}</h2>
          <p>{ready.text}</p>
          <p className="billing-links">
            {ready.url && <a href={ready.url}>{viewInvoice}</a>}
            <a href="/dashboard/team">{inviteTeam}</a>
          </p>
        </section>
      )}
      {due && (
        <div
          className={due.overdue ? 'billing-alert' : 'billing-note'}
          role={due.overdue ? 'alert' : undefined}
        >
          <p>{due.text}</p>
          {due.url && <a href={due.url}>{viewInvoice}</a>}
        </div>
      )}
      {failed && <FailedRenewal text={failed} canChange={overview.actions.manageCard} />}
      <CurrentPlan overview={overview} card={card} now={now} headingRef={planHeading} />
      {/* A running subscription's seats: add some (a personal license becomes a team). */}
      {overview.subscription && (
        <SeatsPanel
          onChanged={() => {
            // The page stays as it is (with the panel's message) while the figures refresh.
            apiCall('GET', '/api/billing', isGetBillingOverviewAnswer).then(
              replace,
              () => undefined,
            );
          }}
        />
      )}
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
      <DetailsCard overview={overview} onSaved={replace} />
      <section className="card" aria-labelledby="manage-title">
        <h2 id="manage-title">Account management</h2>
        <ManageButtons
          overview={overview}
          onCancel={() => setConfirming(true)}
          onResume={() => setResuming(true)}
        />
      </section>
      <CancelDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onCancelled={(next: BillingOverview) => {
          replace(next);
          setConfirming(false);
          setDone('cancelled');
        }}
      />
      <ResumeDialog
        open={resuming}
        overview={overview}
        card={overview.card && cardName(overview.card)}
        onClose={() => setResuming(false)}
        onResumed={(next: BillingOverview) => {
          replace(next);
          setResuming(false);
          setDone('resumed');
        }}
      />
    </div>
  );
}

function UsageLimit({ overview }: { overview: BillingOverview }) {
  const { active, limit } = overview.devices;
  const plan = planOf(overview.plan).name;
  const allows = overview.plan === 'Enterprise' ? 'Your seat allows' : `Your ${plan} plan allows`;
  return (
    <>
      {allows} <strong>{deviceLimitText(limit)}</strong> at a time; you use{' '}
      <strong>{devicesOfLimit(active, limit)}</strong>.
    </>
  );
}

/** The failed renewal, plainly, with the way to fix it: a new card in the provider's page. */
function FailedRenewal({ text, canChange }: { text: string; canChange: boolean }) {
  const portal = usePortal();
  return (
    <div className="billing-alert" role="alert">
      <p>{text}</p>
      {canChange && (
        <button type="button" className="button" onClick={portal.open} aria-disabled={portal.busy}>
          {portal.busy ? 'Opening...' : 'Update card'}
        </button>
      )}
      {portal.error && <p className="form-error">{portal.error}</p>}
    </div>
  );
}

function CurrentPlan({
  overview,
  card,
  now,
  headingRef,
}: {
  overview: BillingOverview;
  card: string | null;
  now: number;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
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
        {overview.subscription && <YearFigures charge={overview.subscription.charge} />}
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`status-badge billing-status-${status.tone}`}>{status.text}</span>
          </dd>
        </div>
        <div>
          <dt>{date.label}</dt>
          <dd>
            <time>{date.value}</time>
            {date.note && <span className="dashboard-note">{date.note}</span>}
          </dd>
        </div>
        {card && (
          <div>
            <dt>Card on file</dt>
            <dd>{card}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** The year in figures: "12 seats × $129 / year", "VAT 19%: $294.12", "Total: $1,842.12 / year". */
function YearFigures({ charge }: { charge: YearlyCharge }) {
  return (
    <>
      <div>
        <dt>Seats</dt>
        <dd>{chargeSeatsText(charge)}</dd>
      </div>
      {(charge.reverseCharge || charge.tax > 0) && (
        <div>
          <dt>{charge.reverseCharge ? 'VAT' : `VAT ${charge.taxRateBp / 100}%`}</dt>
          <dd>
            {charge.reverseCharge ? 'Reverse charge' : formatMoney(charge.tax, charge.currency)}
          </dd>
        </div>
      )}
      <div>
        <dt>Total</dt>
        <dd>{chargeTotalText(charge)}</dd>
      </div>
    </>
  );
}

export default withErrorBoundary(BillingPage);
