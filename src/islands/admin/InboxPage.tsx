/**
 * /admin/inbox: the messages sent with the About page's contact form, new or handled (GET
 * /api/admin/inbox), each with the customer it matches, a "Reply by e-mail" link and "Mark
 * handled" with a required note (POST /api/admin/inbox/:id/handle).
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { inboxSchema, type ContactMessageView } from '../../contract/admin';
import { messageResponseSchema } from '../../contract/user';
import { withErrorBoundary } from '../ErrorBoundary';
import { ConsoleAlert } from './ConsoleAlert';
import { adminGet, adminPost, announceNewCount, withQuery } from './console-api';
import { createOrganizationHref, replyHref } from './format';
import { ActionButton, customerHref, Empty, Loading, MoreButton } from './parts';
import { ReasonDialog } from './ReasonDialog';
import { useNotice } from './use-notice';
import { usePaged } from './use-paged';
import { formatDateTime } from '../../lib/format';
import '../shared/forms.css';
import '../dashboard/dashboard.css';
import '../usage/usage.css';
import './admin.css';

type Status = 'new' | 'handled';
const tabs: readonly Status[] = ['new', 'handled'];
const loadFailed = 'We could not load the inbox. Please try again.';

const messageKey = (message: ContactMessageView) => message.id;

function InboxPage() {
  const [tab, setTab] = useState<Status>('new');
  const [newCount, setNewCount] = useState<number | null>(null);
  const { state, start, more } = usePaged<ContactMessageView>(loadFailed, messageKey);
  const [target, setTarget] = useState<ContactMessageView | null>(null);
  const [open, setOpen] = useState(false);
  const notice = useNotice();
  const tabRefs = useRef<Record<Status, HTMLButtonElement | null>>({ new: null, handled: null });

  const show = useCallback(
    (status: Status) =>
      start(async (cursor) => {
        const inbox = await adminGet(
          withQuery('/api/admin/inbox', { status, cursor }),
          inboxSchema,
        );
        setNewCount(inbox.newCount);
        announceNewCount(inbox.newCount);
        return { items: inbox.messages, nextCursor: inbox.nextCursor };
      }),
    [start],
  );

  useEffect(() => {
    const timer = window.setTimeout(() => void show(tab), 0);
    return () => window.clearTimeout(timer);
  }, [tab, show]);

  // Tabs: arrow keys move between them (WAI-ARIA tabs pattern, automatic activation).
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next =
      event.key === 'Home'
        ? 'new'
        : event.key === 'End'
          ? 'handled'
          : tab === 'new'
            ? 'handled'
            : 'new';
    setTab(next);
    notice.clear();
    tabRefs.current[next]?.focus();
  };

  const finish = (text: string, ok: boolean) => {
    setOpen(false);
    notice.show(text, ok);
    void show(tab);
  };

  return (
    <div className="dashboard console-page console-inbox">
      <div className="console-tabs" role="tablist" aria-label="Messages">
        {tabs.map((status) => (
          <button
            key={status}
            ref={(element) => {
              tabRefs.current[status] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${status}`}
            aria-selected={tab === status}
            aria-controls="inbox-panel"
            tabIndex={tab === status ? 0 : -1}
            className="console-tab"
            onClick={() => {
              setTab(status);
              notice.clear();
            }}
            onKeyDown={onTabKey}
          >
            {status === 'new' ? `New${newCount === null ? '' : ` (${newCount})`}` : 'Handled'}
          </button>
        ))}
      </div>
      <div
        className="card console-panel"
        role="tabpanel"
        id="inbox-panel"
        aria-labelledby={`tab-${tab}`}
      >
        {notice.noticeFor()}
        {state.kind === 'idle' || state.kind === 'loading' ? (
          <Loading>Loading messages...</Loading>
        ) : state.kind === 'failed' ? (
          <ConsoleAlert problem={state.problem} onRetry={() => void show(tab)} />
        ) : (
          <>
            {state.items.length === 0 ? (
              <Empty>
                {tab === 'new'
                  ? 'No new messages: every message has been handled.'
                  : 'No handled messages yet.'}
              </Empty>
            ) : (
              <ul className="console-messages">
                {state.items.map((message) => (
                  <MessageItem
                    key={message.id}
                    message={message}
                    onHandle={() => {
                      setTarget(message);
                      setOpen(true);
                    }}
                  />
                ))}
              </ul>
            )}
            <MoreButton
              nextCursor={state.nextCursor}
              loading={state.loadingMore}
              problem={state.moreProblem}
              onMore={() => void more()}
              what="messages"
            />
          </>
        )}
      </div>
      <ReasonDialog
        open={open}
        title="Mark this message handled?"
        confirmLabel="Mark handled"
        busyLabel="Saving..."
        tone="primary"
        reasonLabel="Note"
        reasonHint="Required: how it was handled. Kept with the message and in the audit log."
        reasonMax={2000}
        send={(note) =>
          adminPost(
            `/api/admin/inbox/${encodeURIComponent(target?.id ?? '')}/handle`,
            messageResponseSchema,
            { note },
          )
        }
        onDone={(answer) => finish(answer.message, true)}
        onStale={(problem) => finish(problem.message, false)}
        onClose={() => setOpen(false)}
      >
        {target && (
          <p>
            From {target.name} ({target.email}), {formatDateTime(target.createdAt)}. It moves to
            Handled with your note.
          </p>
        )}
      </ReasonDialog>
    </div>
  );
}

function MessageItem({ message, onHandle }: { message: ContactMessageView; onHandle: () => void }) {
  const titleId = `message-${message.id}`;
  return (
    <li className="console-item console-message">
      <article aria-labelledby={titleId}>
        {/* H2: the page has no section heading between the H1 and the messages. */}
        <h2 id={titleId} className="console-item-title">
          {message.name}
        </h2>
        <p className="console-message-meta">
          <a className="console-break" href={`mailto:${message.email}`}>
            {message.email}
          </a>{' '}
          · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </p>
        <p className="console-message-text">{message.message}</p>
        <p className="console-message-meta">
          {message.userId ? (
            <a href={customerHref(message.userId)}>Open the customer with this e-mail</a>
          ) : (
            'No account has this e-mail.'
          )}
        </p>
        {message.status === 'handled' && (
          <p className="form-info console-handled">
            Handled by {message.handledBy ?? 'an operator'}
            {message.handledAt && ` on ${formatDateTime(message.handledAt)}`}: {message.handledNote}
          </p>
        )}
        <div className="console-actions">
          <a className="button button-secondary console-action" href={replyHref(message)}>
            Reply by e-mail<span className="visually-hidden"> to {message.name}</span>
          </a>
          <a
            className="button button-secondary console-action"
            href={createOrganizationHref(message)}
          >
            Create organization<span className="visually-hidden"> for {message.name}</span>
          </a>
          {message.status === 'new' && (
            <ActionButton onClick={onHandle} about={`from ${message.name}`}>
              Mark handled...
            </ActionButton>
          )}
        </div>
      </article>
    </li>
  );
}

export default withErrorBoundary(InboxPage);
