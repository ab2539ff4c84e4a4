/**
 * Billing details on Billing & Invoices: whom future invoices are billed to (company or name,
 * address, country, tax ID), with "Change billing details" opening the form in place. Without
 * saved details it says where they come from: the checkout.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { BillingOverview } from '../../contract/billing';
import { addressLines } from './format';

export const detailsSaved = 'Your billing details are saved. Your next invoice will carry them.';

// Most visits never change their details: the form (and its country list) loads when asked for.
const DetailsForm = lazy(async () => ({ default: (await import('./DetailsForm')).DetailsForm }));

interface Props {
  overview: BillingOverview;
  onSaved: (overview: BillingOverview) => void;
}

export function DetailsCard({ overview, onSaved }: Props) {
  const { details, actions } = overview;
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const change = useRef<HTMLButtonElement>(null);
  const notice = useRef<HTMLParagraphElement>(null);
  const closed = useRef(false);

  // Focus follows the form: back to the button on Cancel, to the confirmation after saving.
  useEffect(() => {
    if (editing || !closed.current) return;
    closed.current = false;
    (saved ? notice.current : change.current)?.focus();
  }, [editing, saved]);

  const close = (wasSaved: boolean) => {
    closed.current = true;
    setSaved(wasSaved);
    setEditing(false);
  };

  return (
    <section className="card" aria-labelledby="details-title">
      <h2 id="details-title">Billing details</h2>
      {saved && !editing && (
        <p ref={notice} tabIndex={-1} className="form-success billing-details-saved" role="status">
          {detailsSaved}
        </p>
      )}
      {editing ? (
        <Suspense fallback={null}>
          <DetailsForm
            details={details}
            onClose={() => close(false)}
            onSaved={(next) => {
              onSaved(next);
              close(true);
            }}
          />
        </Suspense>
      ) : (
        <>
          {details ? (
            <dl className="dashboard-details">
              <div>
                <dt>Billed to</dt>
                <dd>
                  {details.company ?? details.name}
                  {details.company && <span className="billing-muted"> ({details.name})</span>}
                </dd>
              </div>
              <div>
                <dt>Address</dt>
                <dd className="billing-address">
                  {addressLines(details).map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </dd>
              </div>
              <div>
                <dt>Tax ID</dt>
                <dd>{details.taxId ?? 'None'}</dd>
              </div>
            </dl>
          ) : (
            <p className="billing-empty">
              No billing details yet. The company, address and tax ID you enter at checkout when you
              buy Standard are saved here and printed on your invoices.
            </p>
          )}
          {details && overview.taxIdNote && (
            <p className="billing-tax-note" data-testid="tax-id-note">
              {overview.taxIdNote}
            </p>
          )}
          {actions.editDetails && (
            <div className="form-actions billing-actions billing-details-actions">
              <button
                ref={change}
                type="button"
                className="button button-secondary"
                onClick={() => {
                  setSaved(false);
                  setEditing(true);
                }}
              >
                {details ? 'Change billing details' : 'Add billing details'}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
