/**
 * /admin/audit: every operator action, newest first (GET /api/admin/audit), filtered by operator,
 * customer (each by e-mail or User ID), action and days; the filters live in the address (?operator=…&customer=…&action=…
 * &from=…&to=…), so the customer page and the rows link to a filtered log.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { auditActions, type AuditEntry } from '../../contract/admin';
import { withErrorBoundary } from '../ErrorBoundary';
import { AuditTable } from './AuditTable';
import { ConsoleAlert } from './ConsoleAlert';
import { adminGet, withQuery } from './console-api';
import { actionLabels, filtersFrom, noFilters, type Filters } from './format';
import { Empty, Loading, MoreButton } from './parts';
import { usePaged } from './use-paged';
import '../shared/forms.css';
import '../dashboard/dashboard.css';
import '../usage/usage.css';
import './admin.css';
import { isListAuditLogAnswer } from '../../generated/answers/ListAuditLogAnswer';

const loadFailed = 'We could not load the audit log. Please try again.';

const entryKey = (entry: AuditEntry) => entry.id;

function AuditPage() {
  const [form, setForm] = useState<Filters>(noFilters);
  const [applied, setApplied] = useState<Filters>(noFilters);
  const { state, start, more } = usePaged<AuditEntry>(loadFailed, entryKey);
  const id = useId();

  const apply = useCallback(
    (filters: Filters) => {
      const clean = {
        operator: filters.operator.trim(),
        customer: filters.customer.trim(),
        action: filters.action,
        from: filters.from,
        to: filters.to,
      };
      setApplied(clean);
      window.history.replaceState(null, '', withQuery('/admin/audit', clean));
      void start(async (cursor) => {
        const page = await adminGet(
          withQuery('/api/admin/audit', { ...clean, cursor }),
          isListAuditLogAnswer,
        );
        return { items: page.entries, nextCursor: page.nextCursor };
      });
    },
    [start],
  );

  useEffect(() => {
    const timer = window.setTimeout(() => {
      const filters = filtersFrom(window.location.search);
      setForm(filters);
      apply(filters);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [apply]);

  const filtered = Object.values(applied).some((value) => value !== '');
  const set = (patch: Partial<Filters>) => setForm((current) => ({ ...current, ...patch }));

  return (
    <div className="dashboard console-page console-audit-page">
      <form
        className="card console-filters"
        aria-label="Filter the audit log"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          apply(form);
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-operator`}>Operator (e-mail or User ID)</label>
          <input
            id={`${id}-operator`}
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={form.operator}
            onChange={(event) => set({ operator: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-customer`}>Customer (e-mail or User ID)</label>
          <input
            id={`${id}-customer`}
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={form.customer}
            onChange={(event) => set({ customer: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-action`}>Action</label>
          <select
            id={`${id}-action`}
            className="console-select"
            value={form.action}
            onChange={(event) => set({ action: event.target.value as Filters['action'] })}
          >
            <option value="">Any action</option>
            {auditActions.map((action) => (
              <option key={action} value={action}>
                {actionLabels[action]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-from`}>From (UTC)</label>
          <input
            id={`${id}-from`}
            type="date"
            value={form.from}
            max={form.to || undefined}
            onChange={(event) => set({ from: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>To (UTC)</label>
          <input
            id={`${id}-to`}
            type="date"
            value={form.to}
            min={form.from || undefined}
            onChange={(event) => set({ to: event.target.value })}
          />
        </div>
        <div className="console-filter-buttons">
          <button type="submit" className="button">
            Filter
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setForm(noFilters);
              apply(noFilters);
            }}
          >
            Clear
          </button>
        </div>
      </form>
      <section className="card console-section" aria-labelledby="entries-title">
        <div className="console-section-head">
          <h2 id="entries-title">{filtered ? 'Matching entries' : 'All entries'}</h2>
          <p className="dashboard-small">Newest first. Entries are never changed or deleted.</p>
        </div>
        {state.kind === 'idle' || state.kind === 'loading' ? (
          <Loading>Loading the audit log...</Loading>
        ) : state.kind === 'failed' ? (
          <ConsoleAlert problem={state.problem} onRetry={() => apply(applied)} />
        ) : (
          <>
            {state.items.length === 0 ? (
              <Empty>
                {filtered
                  ? 'No entry matches these filters.'
                  : 'No operator action has been recorded yet.'}
              </Empty>
            ) : (
              <AuditTable
                entries={state.items}
                caption="Operator actions, newest first"
                showCustomer
              />
            )}
            <MoreButton
              nextCursor={state.nextCursor}
              loading={state.loadingMore}
              problem={state.moreProblem}
              onMore={() => void more()}
              what="entries"
            />
          </>
        )}
      </section>
    </div>
  );
}

export default withErrorBoundary(AuditPage);
