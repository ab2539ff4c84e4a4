/**
 * /admin/inbox: the messages sent with the About page's contact form, new or handled (GET
 * /api/admin/inbox), each with the customer it matches, the replies sent, "Reply" (an e-mail
 * from the site, POST /api/admin/inbox/:id/reply), a link to reply from a mail app, and "Mark
 * handled" with a required note (POST /api/admin/inbox/:id/handle).
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { type ContactMessageView } from '../../contract/admin';
import { withErrorBoundary } from '../ErrorBoundary';
import { ConsoleAlert } from './ConsoleAlert';
import { adminGet, adminPost, announceNewCount, withQuery } from './console-api';
import { createOrganizationHref, replyHref } from './format';
import { ActionButton, customerHref, Empty, Loading, MoreButton } from './parts';
import { ReasonDialog } from './ReasonDialog';
import { useNotice } from './use-notice';
import { usePaged } from './use-paged';
import { formatDateTime } from '../../lib/format';
import { limits, site } from '../../site.config';
import '../shared/forms.css';
import '../dashboard/dashboard.css';
import '../usage/usage.css';
import './admin.css';
import { isListContactMessagesAnswer } from '../../generated/answers/ListContactMessagesAnswer';
import { isMessageAnswer } from '../../generated/answers/MessageAnswer';

type Status = 'new' | 'handled';
const tabs: readonly Status[] = ['new', 'handled'];
const loadFailed = 'We could not load the inbox. Please try again.';

const messageKey = (message: ContactMessageView) => message.id;

function InboxPage() {
  const [tab, setTab] = useState<Status>('new');
  const [newCount, setNewCount] = useState<number | null>(null);
  const { state, start, more } = usePaged<ContactMessageView>(loadFailed, messageKey);
  const [target, setTarget] = useState<ContactMessageView | null>(null);
  const [open, setOpen] = useState<'handle' | 'reply' | null>(null);
  // One id per message's reply until it is answered: sending again after no answer (or a
  // double press) reuses it, so the server e-mails the reply once.
  const replyIds = useRef(new Map<string, string>());
  const notice = useNotice();
  const tabRefs = useRef<Record<Status, HTMLButtonElement | null>>({ new: null, handled: null });

  const show = useCallback(
    (status: Status) =>
      start(async (cursor) => {
        const inbox = await adminGet(
          withQuery('/api/admin/inbox', { status, cursor }),
          isListContactMessagesAnswer,
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
    setOpen(null);
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
                      setOpen('handle');
                    }}
                    onReply={() => {
                      // A reply whose answer was lost but which the reload shows as sent is
                      // done: the next one is a new reply with an id of its own.
                      const pending = replyIds.current.get(message.id);
                      if (message.replies.some((reply) => reply.id === pending)) {
                        replyIds.current.delete(message.id);
                      }
                      setTarget(message);
                      setOpen('reply');
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
        open={open === 'reply'}
        title="Reply by e-mail"
        confirmLabel="Send reply"
        busyLabel="Sending..."
        tone="primary"
        reasonLabel="Your reply"
        reasonHint={`Required, up to ${limits.contactReplyMaxLength.toLocaleString('en-US')} characters. Sent with a short quote of the message and signed by the ${site.product} team; the message is marked handled.`}
        reasonMax={limits.contactReplyMaxLength}
        reasonRows={8}
        send={(text) => {
          const id = target?.id ?? '';
          const replyId = replyIds.current.get(id) ?? crypto.randomUUID();
          replyIds.current.set(id, replyId);
          return adminPost(`/api/admin/inbox/${encodeURIComponent(id)}/reply`, isMessageAnswer, {
            replyId,
            text,
          }).then((answer) => {
            replyIds.current.delete(id);
            return answer;
          });
        }}
        onDone={(answer) => finish(answer.message, true)}
        onStale={(problem) => finish(problem.message, false)}
        onClose={() => setOpen(null)}
      >
        {target && (
          <p>
            To {target.name} ({target.email}), subject “Re: Your message to {site.product}”.
          </p>
        )}
      </ReasonDialog>
      <ReasonDialog
        open={open === 'handle'}
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
            isMessageAnswer,
            { note },
          )
        }
        onDone={(answer) => finish(answer.message, true)}
        onStale={(problem) => finish(problem.message, false)}
        onClose={() => setOpen(null)}
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

interface ItemProps {
  message: ContactMessageView;
  onHandle: () => void;
  onReply: () => void;
}

function MessageItem({ message, onHandle, onReply }: ItemProps) {
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
        {message.replies.map((reply) => (
          <div key={reply.id} className="console-reply">
            <p className="console-message-meta">
              Reply sent by <span className="console-break">{reply.operatorEmail}</span> on{' '}
              <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt)}</time>
            </p>
            <p className="console-message-text">{reply.text}</p>
          </div>
        ))}
        <div className="console-actions">
          <ActionButton onClick={onReply} about={`to ${message.name}`}>
            Reply...
          </ActionButton>
          <a className="button button-secondary console-action" href={replyHref(message)}>
            Reply from mail app<span className="visually-hidden"> to {message.name}</span>
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
