/** The customer's account: who, which plan, since when, how they sign in, deletion state. */
import type { ReactNode } from 'react';
import type { CustomerDetail } from '../../contract/admin';
import { CopyButton } from '../shared/CopyButton';
import type { Pending } from './customer-actions';
import { deletionText } from './format';
import { ActionButton, Badge, organizationHref, Section } from './parts';
import { formatDateTime } from '../../lib/format';

interface Props {
  account: CustomerDetail['account'];
  organizations: CustomerDetail['organizations'];
  notice: ReactNode;
  onAction: (pending: Pending) => void;
}

export function AccountSection({ account, organizations, notice, onAction }: Props) {
  const restorable = account.isDeleted && account.purgedAt === null;
  return (
    <Section id="account" title="Account" notice={notice}>
      <dl className="dashboard-details console-details">
        <div>
          <dt>User ID</dt>
          <dd className="console-copy">
            <code className="dashboard-code">{account.id}</code>
            <CopyButton value={account.id} label="User ID" />
          </dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${account.email}`}>{account.email}</a>
          </dd>
        </div>
        <div>
          <dt>Name</dt>
          <dd>{account.customerName}</dd>
        </div>
        <div>
          <dt>Plan</dt>
          <dd>{account.plan}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDateTime(account.createdAt)}</dd>
        </div>
        <div>
          <dt>Verified</dt>
          <dd>{account.verified ? 'Yes' : 'No'}</dd>
        </div>
        <div>
          <dt>Signs in with</dt>
          <dd>{signInText(account)}</dd>
        </div>
        <div>
          <dt>Organization</dt>
          <dd>
            {organizations.length === 0
              ? 'None'
              : organizations.map((organization, index) => (
                  <span key={organization.id}>
                    {index > 0 && '; '}
                    <a href={organizationHref(organization.id)}>{organization.name}</a> (
                    {organizationRole(organization)})
                  </span>
                ))}
          </dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{account.role === 'admin' ? 'Operator' : 'Customer'}</dd>
        </div>
        <div>
          <dt>Deletion</dt>
          <dd>
            {account.isDeleted ? (
              <Badge state="revoked">{deletionText(account)}</Badge>
            ) : (
              deletionText(account)
            )}
          </dd>
        </div>
      </dl>
      {!account.isDeleted && (
        <div className="console-danger">
          <p>Deleting ends the customer's sessions and devices and stops the subscription.</p>
          <ActionButton danger onClick={() => onAction({ action: 'schedule-deletion' })}>
            Schedule deletion...
          </ActionButton>
        </div>
      )}
      {restorable && (
        <div className="console-actions">
          <ActionButton onClick={() => onAction({ action: 'restore-account' })}>
            Restore account...
          </ActionButton>
        </div>
      )}
    </Section>
  );
}

function signInText(account: CustomerDetail['account']): string {
  const ways = [account.hasPassword && 'Password', account.googleLinked && 'Google'];
  const list = ways.filter((way): way is string => typeof way === 'string');
  return list.length > 0 ? list.join(' and ') : 'Nothing (no password, no Google)';
}

function organizationRole(organization: CustomerDetail['organizations'][number]): string {
  if (organization.owner && organization.member) return 'owner and member';
  return organization.owner ? 'owner' : 'member';
}
