/**
 * My Account before its data arrives: 'Loading user data...' in the welcome line's place (or the
 * welcome line itself, written from the stored user before the first paint), and blocks of the
 * size of the cards that follow, so nothing below moves when they fill in.
 */
import { Messages } from '../../contract/messages';

/** A card-sized block; `size` names its height (dashboard.css, per width). */
export function CardPlaceholder({
  size,
}: {
  size: 'license' | 'organization' | 'note' | 'session';
}) {
  return <div className={`card dashboard-placeholder placeholder-${size}`} aria-hidden="true" />;
}

export function AccountSkeleton() {
  return (
    <div className="dashboard" aria-busy="true">
      <div className="dashboard-actions" aria-hidden="true">
        <span className="dashboard-placeholder placeholder-button" />
        <span className="dashboard-placeholder placeholder-button" />
        <span className="dashboard-placeholder placeholder-button placeholder-logout" />
      </div>
      {/* With a stored user, the page's inline script has already written the welcome line here
          before the first paint (src/pages/dashboard.astro): hydration keeps that text. */}
      <p
        className="dashboard-welcome dashboard-loading"
        role="status"
        data-welcome
        suppressHydrationWarning
      >
        {Messages.loadingUser}
      </p>
      <CardPlaceholder size="license" />
      <CardPlaceholder size="note" />
      <CardPlaceholder size="session" />
    </div>
  );
}
