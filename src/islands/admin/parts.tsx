/** Small pieces every console page uses: status badges, progress lines, "More", empty lists. */
import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from '../shared/DataTable';
import type { Problem } from './console-api';
import { ConsoleAlert } from './ConsoleAlert';
import { stateText, stateTone } from './format';

/** A state as a coloured badge: "Active", "Past due", "Dead". */
export function Badge({ state, children }: { state: string; children?: ReactNode }) {
  return (
    <span className={`console-badge console-badge-${stateTone(state)}`}>
      {children ?? stateText(state)}
    </span>
  );
}

/** A progress line, announced politely. */
export function Loading({ children }: { children: ReactNode }) {
  return (
    <p className="console-loading" role="status">
      <span className="console-spinner" aria-hidden="true" />
      {children}
    </p>
  );
}

/** What a list shows when it has nothing. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="usage-empty console-empty">{children}</p>;
}

interface MoreProps {
  /** Null on the last page: nothing is shown. */
  nextCursor: string | null;
  loading: boolean;
  problem: Problem | null;
  onMore: () => void;
  /** What the list holds, for the button's accessible name ("More results"). */
  what: string;
}

/** The next page of a list: a button while there is one, its progress and its failure. */
export function MoreButton({ nextCursor, loading, problem, onMore, what }: MoreProps) {
  if (!nextCursor) return null;
  return (
    <div className="console-more">
      {problem && <ConsoleAlert problem={problem} />}
      <button
        type="button"
        className="button button-secondary"
        aria-disabled={loading}
        onClick={() => {
          if (!loading) onMore();
        }}
      >
        {loading ? 'Loading...' : 'More'}
        <span className="visually-hidden"> {what}</span>
      </button>
    </div>
  );
}

interface PendingPageProps {
  /** The page's H1 until its data names it. */
  title: string;
  /** Null while loading; the failure otherwise. */
  problem: Problem | null;
  onRetry: () => void;
  /** Where to go instead, e.g. back to Search. */
  back: { href: string; label: string };
}

/** A console page whose data has not arrived: its progress, or its failure with a way back. */
export function PendingPage({ title, problem, onRetry, back }: PendingPageProps) {
  return (
    <>
      <h1>{title}</h1>
      {problem ? (
        <>
          <ConsoleAlert problem={problem} onRetry={onRetry} />
          <p>
            <a href={back.href}>{back.label}</a>
          </p>
        </>
      ) : (
        <Loading>Loading the {title.toLowerCase()}...</Loading>
      )}
    </>
  );
}

/** The customer page of an account. */
export function customerHref(userId: string): string {
  return `/admin/customer?id=${encodeURIComponent(userId)}`;
}

/** The console page of an organization. */
export function organizationHref(id: string): string {
  return `/admin/organization?id=${encodeURIComponent(id)}`;
}

interface SectionProps {
  /** The section's anchor (the page's jump links) and heading id. */
  id: string;
  title: string;
  /** Buttons beside the heading. */
  actions?: ReactNode;
  /** The last action's result, under the heading. */
  notice?: ReactNode;
  children: ReactNode;
}

/** One titled card of a console page. */
export function Section({ id, title, actions, notice, children }: SectionProps) {
  return (
    <section className="card console-section" id={id} aria-labelledby={`${id}-title`}>
      <div className="console-section-head">
        <h2 id={`${id}-title`}>{title}</h2>
        {actions && <div className="console-section-actions">{actions}</div>}
      </div>
      {notice}
      {children}
    </section>
  );
}

interface ActionButtonProps {
  children: ReactNode;
  onClick: () => void;
  /** Destructive actions are marked red. */
  danger?: boolean;
  /** Added to the accessible name, e.g. the device the button acts on. */
  about?: string;
}

/** A button that opens an action's confirm dialog. */
export function ActionButton({ children, onClick, danger = false, about }: ActionButtonProps) {
  return (
    <button
      type="button"
      className={`button button-secondary console-action${danger ? ' console-action-danger' : ''}`}
      onClick={onClick}
    >
      {children}
      {about && <span className="visually-hidden"> {about}</span>}
    </button>
  );
}

/**
 * A console table: usage.css turns it into labelled blocks on narrow screens; each value sits in
 * one wrapper, so the label keeps its column however many pieces (badge, text, error) it has.
 */
export function ConsoleTable<Row>({
  className,
  ...table
}: Omit<DataTableProps<Row>, 'className' | 'cellClassName'> & { className?: string }) {
  return (
    <DataTable
      {...table}
      className={className ? `usage-table console-table ${className}` : 'usage-table console-table'}
      cellClassName="console-cell"
    />
  );
}
