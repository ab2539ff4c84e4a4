/**
 * The agreement as typed in the console's forms (numbers stay text until sent): the edit
 * dialog's fields and the new organization's, which add the owner and the term's start.
 */
import type { AdminOrganization } from '../../contract/admin-organizations';

/** The agreement's fields as typed in the edit form (numbers stay text until sent). */
export interface AgreementInput {
  name: string;
  seats: string;
  deviceLimit: string;
  /** YYYY-MM-DD */
  termEnd: string;
  supportTier: AdminOrganization['supportTier'];
  agreementRef: string;
  notes: string;
}

/** The new organization's form adds the owner and the term's start, fixed once created. */
export interface CreateInput extends AgreementInput {
  ownerEmail: string;
  /** YYYY-MM-DD */
  termStart: string;
}
