/**
 * The customer's licenses, current first: key, states (as stored and as the plugin is told),
 * dates, devices against the limit, the deactivation budget, and the license actions.
 */
import type { ReactNode } from 'react';
import type { AdminLicense } from '../../contract/admin';
import type { Pending } from './customer-actions';
import { stateText } from './format';
import { ActionButton, Badge, Empty, Section } from './parts';
import { formatDate, formatDateTime } from '../../lib/format';

interface Props {
  licenses: readonly AdminLicense[];
  /** The license e-mail can be sent again while the account is not deleted. */
  canResend: boolean;
  notice: ReactNode;
  onAction: (pending: Pending) => void;
}

export function LicensesSection({ licenses, canResend, notice, onAction }: Props) {
  const hasCurrent = licenses.some((license) => license.current);
  return (
    <Section
      id="licenses"
      title="Licenses"
      notice={notice}
      actions={
        canResend &&
        hasCurrent && (
          <ActionButton onClick={() => onAction({ action: 'resend-license-mail' })}>
            Resend license e-mail...
          </ActionButton>
        )
      }
    >
      {licenses.length === 0 ? (
        <Empty>This customer has no license.</Empty>
      ) : (
        <div className="console-stack">
          {licenses.map((license) => (
            <LicenseCard key={license.id} license={license} onAction={onAction} />
          ))}
        </div>
      )}
    </Section>
  );
}

function LicenseCard({
  license,
  onAction,
}: {
  license: AdminLicense;
  onAction: (pending: Pending) => void;
}) {
  const titleId = `license-${license.id}`;
  const revoked = license.status === 'revoked';
  const act = (action: Extract<Pending, { license: AdminLicense }>['action']) =>
    onAction({ action, license });
  const { used, max, windowDays, resetAt } = license.deactivations;
  return (
    <article className="console-item" aria-labelledby={titleId}>
      <h3 id={titleId} className="console-item-title">
        <code className="dashboard-code">{license.licenseKey}</code>
        {license.current && <Badge state="neutral">Current</Badge>}
        <Badge state={license.effectiveStatus} />
      </h3>
      <dl className="dashboard-details console-details">
        <div>
          <dt>Plan</dt>
          <dd>{license.plan}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            {stateText(license.status)}
            {license.effectiveStatus !== license.status &&
              ` (the plugin is told: ${stateText(license.effectiveStatus)})`}
          </dd>
        </div>
        <div>
          <dt>Activated</dt>
          <dd>{formatDate(license.activatedAt)}</dd>
        </div>
        <div>
          <dt>Ends</dt>
          <dd>
            <time dateTime={license.expiresAt}>{formatDate(license.expiresAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Devices</dt>
          <dd>
            {license.deviceLimit === null
              ? `${license.activeDevices} active (no plan limit)`
              : `${license.activeDevices} of ${license.deviceLimit} active`}
          </dd>
        </div>
        <div>
          <dt>Deactivations</dt>
          <dd>
            {used} of {max} used in the last {windowDays} days
            {resetAt && ` (reset ${formatDateTime(resetAt)})`}
          </dd>
        </div>
        <div>
          <dt>License ID</dt>
          <dd>
            <code>{license.id}</code>
          </dd>
        </div>
      </dl>
      {revoked ? (
        <p className="dashboard-small">A revoked license cannot be changed.</p>
      ) : (
        <div className="console-actions">
          <ActionButton onClick={() => act('extend-license')} about={license.licenseKey}>
            Extend end date...
          </ActionButton>
          {license.status === 'suspended' ? (
            <ActionButton onClick={() => act('reinstate-license')} about={license.licenseKey}>
              Reinstate...
            </ActionButton>
          ) : (
            license.status === 'active' && (
              <ActionButton
                danger
                onClick={() => act('suspend-license')}
                about={license.licenseKey}
              >
                Suspend...
              </ActionButton>
            )
          )}
          <ActionButton onClick={() => act('reset-deactivations')} about={license.licenseKey}>
            Reset deactivations...
          </ActionButton>
          {license.current && (
            <ActionButton danger onClick={() => act('replace-key')} about={license.licenseKey}>
              Replace key...
            </ActionButton>
          )}
          <ActionButton danger onClick={() => act('revoke-license')} about={license.licenseKey}>
            Revoke...
          </ActionButton>
        </div>
      )}
    </article>
  );
}
