/**
 * The invitation page's calls: the preview, accepting while signed in, signing in first, and
 * signing up by the link. The token comes from the URL fragment, which browsers never send to a
 * server or put in a Referer, so the link's secret stays out of logs.
 */
import { type InvitationPreview } from '../../contract/invitation';
import { type AuthResponse } from '../../contract/user';
import { apiCall } from '../shared/api';
import { isMessageAnswer } from '../../generated/answers/MessageAnswer';
import { isPreviewInvitationAnswer } from '../../generated/answers/PreviewInvitationAnswer';
import { isSessionAnswer } from '../../generated/answers/SessionAnswer';

/** The token of `#token=…`, or null when the link has none. */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[\w-]{10,200}$/.test(token) ? token : null;
}

const base = (token: string) => `/api/invitations/${encodeURIComponent(token)}`;

/** GET /api/invitations/:token. */
export function loadPreview(token: string): Promise<InvitationPreview> {
  return apiCall('GET', base(token), isPreviewInvitationAnswer);
}

/** POST /api/invitations/:token/accept (signed in); answers the welcome message. */
export async function acceptInvitation(
  token: string,
  confirmCancelStandard: boolean,
): Promise<string> {
  const answer = await apiCall('POST', `${base(token)}/accept`, isMessageAnswer, {
    confirmCancelStandard,
  });
  return answer.message;
}

/** POST /api/invitations/:token/signup: a new account joins and is signed in. */
export function signUpByInvitation(
  token: string,
  values: { customerName: string; password: string },
): Promise<AuthResponse> {
  return apiCall('POST', `${base(token)}/signup`, isSessionAnswer, values);
}

/** POST /api/login with the invited address. */
export function logInAs(email: string, password: string): Promise<AuthResponse> {
  return apiCall('POST', '/api/login', isSessionAnswer, { email, password });
}
