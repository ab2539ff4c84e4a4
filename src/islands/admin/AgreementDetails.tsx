/** An organization's agreement as operators read it: seats, devices, term, support, reference. */
import type { AdminOrganization } from '../../contract/admin-organizations';
import { CopyButton } from '../shared/CopyButton';
import { heldText } from '../team/format';
import { tierLabels } from './AgreementFields';
import { formatDate, formatDateTime } from '../../lib/format';

export function AgreementDetails({ organization }: { organization: AdminOrganization }) {
  const held = heldText(organization.invitationsOpen);
  return (
    <dl className="dashboard-details console-details">
      <div>
        <dt>Organization ID</dt>
        <dd className="console-copy">
          <code className="dashboard-code">{organization.id}</code>
          <CopyButton value={organization.id} label="Organization ID" />
        </dd>
      </div>
      <div>
        <dt>Seats</dt>
        <dd>
          {organization.seatsTaken} of {organization.seats} used
          {held && <span className="console-muted">; {held}</span>}
        </dd>
      </div>
      <div>
        <dt>Devices per seat</dt>
        <dd>{organization.deviceLimit}</dd>
      </div>
      <div>
        <dt>Term</dt>
        <dd>
          {formatDate(organization.termStart)} to {formatDate(organization.termEnd)}
        </dd>
      </div>
      <div>
        <dt>Support tier</dt>
        <dd>{tierLabels[organization.supportTier]}</dd>
      </div>
      <div>
        <dt>Agreement reference</dt>
        <dd>{organization.agreementRef ?? 'None recorded'}</dd>
      </div>
      <div>
        <dt>Internal notes</dt>
        <dd className="console-notes">{organization.notes ?? 'None'}</dd>
      </div>
      <div>
        <dt>Created</dt>
        <dd>{formatDateTime(organization.createdAt)}</dd>
      </div>
      <div>
        <dt>Last changed</dt>
        <dd>{formatDateTime(organization.updatedAt)}</dd>
      </div>
    </dl>
  );
}
