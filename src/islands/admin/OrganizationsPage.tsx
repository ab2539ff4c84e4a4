/**
 * /admin/organizations: find an Enterprise organization by the start of its name, a member's or
 * the owner's e-mail, or a member's license key (the newest without a query), and create one from
 * a signed agreement. The inbox's "Create organization" link opens the form filled with the
 * sender's address and message (?new=1&owner=…&notes=…).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { type OrganizationHit } from '../../contract/admin-organizations';
import { withErrorBoundary } from '../ErrorBoundary';
import type { CreateInput } from './agreement-input';
import { AgreementFields, tierLabels } from './AgreementFields';
import { ConsoleAlert } from './ConsoleAlert';
import { adminGet, adminPost, problemOf, withQuery, type Problem } from './console-api';
import { cleanQuery } from './format';
import { createBody, prefilledCreate } from './organization-form';
import { ConsoleTable, customerHref, Empty, Loading, organizationHref, Section } from './parts';
import { formatDate } from '../../lib/format';
import type { Column } from '../shared/DataTable';
import '../shared/forms.css';
import '../dashboard/dashboard.css';
import '../usage/usage.css';
import './admin.css';
import { isCreateOrganizationAnswer } from '../../generated/answers/CreateOrganizationAnswer';
import { isFindOrganizationsAnswer } from '../../generated/answers/FindOrganizationsAnswer';

const findFailed = 'We could not load the organizations. Please try again.';
const createFailed = 'We could not create the organization. Please try again.';

type ListState =
  | { kind: 'loading' }
  | { kind: 'failed'; problem: Problem }
  | { kind: 'ready'; query: string; items: OrganizationHit[] };

function OrganizationsPage() {
  const [text, setText] = useState('');
  const [list, setList] = useState<ListState>({ kind: 'loading' });
  const [creating, setCreating] = useState(false);
  const [draft, setDraft] = useState<CreateInput | null>(null);
  const inputId = useId();

  /** Finds; `remember` puts the query in the address (not on load: it is there already). */
  const find = useCallback(async (raw: string, remember = true) => {
    const q = cleanQuery(raw);
    if (remember) window.history.replaceState(null, '', withQuery('/admin/organizations', { q }));
    setList({ kind: 'loading' });
    try {
      const found = await adminGet(
        withQuery('/api/admin/organizations', { q }),
        isFindOrganizationsAnswer,
      );
      setList({ kind: 'ready', query: q, items: found.organizations });
    } catch (error) {
      setList({ kind: 'failed', problem: problemOf(error, findFailed) });
    }
  }, []);

  // The address holds the query (Back from an organization) or a form to open (from the inbox).
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const timer = window.setTimeout(() => {
      const q = params.get('q') ?? '';
      setText(q);
      void find(q, false);
      if (params.get('new') === '1') {
        setDraft(prefilledCreate(params, new Date()));
        setCreating(true);
      }
    }, 0);
    return () => window.clearTimeout(timer);
  }, [find]);

  return (
    <div className="dashboard console-page console-organizations">
      <form
        className="card console-search"
        role="search"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void find(text);
        }}
      >
        <div className="field">
          <label htmlFor={inputId}>Find an organization</label>
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
              onChange={(event) => setText(event.target.value)}
            />
            <button type="submit" className="button">
              Search
            </button>
          </div>
          <p className="field-hint" id={`${inputId}-hint`}>
            The start of its name, a member&apos;s or the owner&apos;s e-mail, or a member&apos;s
            license key. Empty lists the newest.
          </p>
        </div>
      </form>
      {creating && draft ? (
        <CreateForm
          draft={draft}
          onChange={setDraft}
          onCancel={() => {
            setCreating(false);
            window.history.replaceState(null, '', withQuery('/admin/organizations', {}));
          }}
        />
      ) : (
        <p>
          <button
            type="button"
            className="button"
            onClick={() => {
              setDraft(prefilledCreate(new URLSearchParams(), new Date()));
              setCreating(true);
            }}
          >
            New organization
          </button>
        </p>
      )}
      <Results list={list} onRetry={() => void find(text)} />
    </div>
  );
}

const organizationColumns = (query: string): (Column<OrganizationHit> | false)[] => [
  {
    header: 'Organization',
    rowHeader: true,
    cell: (hit) => (
      <a className="usage-name" href={organizationHref(hit.id)}>
        {hit.name}
      </a>
    ),
  },
  {
    header: 'Owner',
    cell: (hit) => (
      <>
        <a href={customerHref(hit.ownerUserId)}>{hit.ownerName}</a>
        <span className="usage-version console-break">{hit.ownerEmail}</span>
      </>
    ),
  },
  {
    header: 'Seats used',
    cell: (hit) => (
      <>
        {hit.seatsTaken} of {hit.seats}
      </>
    ),
  },
  { header: 'Devices per seat', cell: (hit) => hit.deviceLimit },
  { header: 'Term ends', className: 'usage-nowrap', cell: (hit) => formatDate(hit.termEnd) },
  { header: 'Support', cell: (hit) => tierLabels[hit.supportTier] },
  !!query && { header: 'Matched by', cell: (hit) => hit.matchedBy },
];

function Results({ list, onRetry }: { list: ListState; onRetry: () => void }) {
  if (list.kind === 'loading') return <Loading>Loading organizations...</Loading>;
  if (list.kind === 'failed') return <ConsoleAlert problem={list.problem} onRetry={onRetry} />;
  const { items, query } = list;
  return (
    <Section
      id="results"
      title={query ? `Organizations matching “${query}”` : 'Newest organizations'}
    >
      <p className="console-count" role="status">
        {items.length === 0
          ? 'No organization found'
          : `${items.length} organization${items.length === 1 ? '' : 's'}`}
      </p>
      <ConsoleTable
        caption="Organizations, newest first"
        columns={organizationColumns(query)}
        rows={items}
        rowKey={(hit) => hit.id}
        empty={
          <Empty>
            {query
              ? 'No organization matches. Try the start of its name, a whole e-mail address or a whole license key.'
              : 'No organization yet. Create one from a signed Enterprise agreement.'}
          </Empty>
        }
      />
    </Section>
  );
}

interface CreateProps {
  draft: CreateInput;
  onChange: (draft: CreateInput) => void;
  onCancel: () => void;
}

/** The new organization's agreement and the reason kept in the audit log; opens it once made. */
function CreateForm({ draft, onChange, onCancel }: CreateProps) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const reasonId = useId();

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const created = await adminPost(
        '/api/admin/organizations',
        isCreateOrganizationAnswer,
        createBody(draft, reason),
      );
      window.location.assign(organizationHref(created.id));
    } catch (error) {
      setProblem(problemOf(error, createFailed));
      setBusy(false);
    }
  };

  return (
    <section className="card console-section" aria-labelledby="create-title" id="create">
      <h2 id="create-title">New organization</h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <AgreementFields value={draft} onChange={onChange} create />
        <div className="field">
          <label htmlFor={reasonId}>Reason</label>
          <textarea
            id={reasonId}
            className="console-textarea"
            rows={2}
            maxLength={500}
            value={reason}
            aria-required="true"
            aria-describedby={`${reasonId}-hint`}
            onChange={(event) => setReason(event.target.value)}
          />
          <p className="field-hint" id={`${reasonId}-hint`}>
            Required. Kept in the audit log with your name, e.g. the signed agreement.
          </p>
        </div>
        {problem && <ConsoleAlert problem={problem} />}
        <div className="console-actions">
          <button type="submit" className="button" aria-disabled={busy}>
            {busy ? 'Creating...' : 'Create organization'}
          </button>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}

export default withErrorBoundary(OrganizationsPage);
