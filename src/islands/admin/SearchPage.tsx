/**
 * /admin/search: the console's one search box. Finds customers by e-mail (any part), name, User ID,
 * license key (with or without dashes), Stripe customer, subscription or checkout id, device id or
 * name (GET /api/admin/search); newest first, a page at a time. The query is kept in the address
 * (?q=…), so Back from a customer returns to the same results.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { type CustomerHit } from '../../contract/admin';
import { ConsoleMessages } from '../../contract/messages';
import { withErrorBoundary } from '../ErrorBoundary';
import { ConsoleAlert } from './ConsoleAlert';
import { adminGet, withQuery, type Problem } from './console-api';
import { cleanQuery } from './format';
import { formatDate } from '../../lib/format';
import type { Column } from '../shared/DataTable';
import { Badge, ConsoleTable, customerHref, Empty, Loading, MoreButton } from './parts';
import { usePaged } from './use-paged';
import '../shared/forms.css';
import '../dashboard/dashboard.css';
import '../usage/usage.css';
import './admin.css';
import { isSearchCustomersAnswer } from '../../generated/answers/SearchCustomersAnswer';

const searchFailed = 'The search did not work. Please try again.';

const hitKey = (hit: CustomerHit) => hit.userId;

function SearchPage() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [tooShort, setTooShort] = useState<Problem | null>(null);
  const { state, start, more } = usePaged<CustomerHit>(searchFailed, hitKey);
  const inputId = useId();

  const search = useCallback(
    (raw: string) => {
      const q = cleanQuery(raw);
      if (q.length < 2) {
        setTooShort({ kind: 'input', message: ConsoleMessages.searchTooShort });
        return;
      }
      setTooShort(null);
      setQuery(q);
      window.history.replaceState(null, '', withQuery('/admin/search', { q }));
      void start(async (cursor) => {
        const page = await adminGet(
          withQuery('/api/admin/search', { q, cursor }),
          isSearchCustomersAnswer,
        );
        return { items: page.results, nextCursor: page.nextCursor };
      });
    },
    [start],
  );

  // A query in the address (Back from a customer, a shared link) is searched at once.
  useEffect(() => {
    const q = new URLSearchParams(window.location.search).get('q') ?? '';
    if (!q) return;
    const timer = window.setTimeout(() => {
      setText(q);
      search(q);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [search]);

  return (
    <div className="dashboard console-page console-search-page">
      <form
        className="card console-search"
        role="search"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          search(text);
        }}
      >
        <div className="field">
          <label htmlFor={inputId}>Find a customer</label>
          <div className="console-search-row">
            <input
              id={inputId}
              type="search"
              name="q"
              value={text}
              autoComplete="off"
              spellCheck={false}
              maxLength={200}
              aria-describedby={`${inputId}-hint`}
              aria-invalid={tooShort !== null}
              onChange={(event) => setText(event.target.value)}
            />
            <button type="submit" className="button">
              Search
            </button>
          </div>
          <p className="field-hint" id={`${inputId}-hint`}>
            E-mail or part of it, name, User ID, license key (with or without dashes), Stripe
            customer, subscription or checkout id, device id or device name.
          </p>
        </div>
        {tooShort && <ConsoleAlert problem={tooShort} />}
      </form>
      <Results
        state={state}
        query={query}
        onMore={() => void more()}
        onRetry={() => search(query)}
      />
    </div>
  );
}

const hitColumns: Column<CustomerHit>[] = [
  {
    header: 'Customer',
    rowHeader: true,
    cell: (hit) => (
      <>
        <a className="usage-name" href={customerHref(hit.userId)}>
          {hit.customerName}
        </a>
        <span className="usage-version console-break">{hit.email}</span>
      </>
    ),
  },
  { header: 'Plan', cell: (hit) => hit.plan },
  { header: 'Created', className: 'usage-nowrap', cell: (hit) => formatDate(hit.createdAt) },
  {
    header: 'State',
    cell: (hit) =>
      hit.isDeleted ? <Badge state="revoked">Deleted</Badge> : <Badge state="active" />,
  },
  { header: 'Matched by', cell: (hit) => hit.matchedBy },
];

interface ResultsProps {
  state: ReturnType<typeof usePaged<CustomerHit>>['state'];
  query: string;
  onMore: () => void;
  onRetry: () => void;
}

function Results({ state, query, onMore, onRetry }: ResultsProps) {
  if (state.kind === 'idle') return null;
  if (state.kind === 'loading') return <Loading>Searching...</Loading>;
  if (state.kind === 'failed') return <ConsoleAlert problem={state.problem} onRetry={onRetry} />;
  const { items } = state;
  return (
    <section className="card console-section" aria-labelledby="results-title">
      <div className="console-section-head">
        <h2 id="results-title">Results for “{query}”</h2>
        <p className="console-count" role="status">
          {items.length === 0
            ? 'No customer found'
            : `${items.length}${state.nextCursor ? '+' : ''} customer${items.length === 1 ? '' : 's'}, newest first`}
        </p>
      </div>
      <ConsoleTable
        caption="Customers found, newest first"
        columns={hitColumns}
        rows={items}
        rowKey={hitKey}
        empty={
          <Empty>
            No customer matches. Try part of the e-mail or name, or paste the whole User ID or
            license key.
          </Empty>
        }
      />
      <MoreButton
        nextCursor={state.nextCursor}
        loading={state.loadingMore}
        problem={state.moreProblem}
        onMore={onMore}
        what="customers"
      />
    </section>
  );
}

export default withErrorBoundary(SearchPage);
