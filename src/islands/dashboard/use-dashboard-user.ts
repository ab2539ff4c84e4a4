/**
 * The dashboard islands' user: restored from storage at once, then refreshed from GET /api/me.
 * No stored session, or a 401, leaves for /login with history replaced.
 */
import { useEffect } from 'react';
import { guardStoredSession, redirectToLogin } from '../../lib/auth/guard';
import { refreshUser } from '../shared/auth-calls';
import { restoreSession, useAuth, type AuthState } from '../shared/auth-store';

export function useDashboardUser(): AuthState {
  const auth = useAuth();
  useEffect(() => {
    if (!guardStoredSession()) return;
    restoreSession();
    void refreshUser().then((user) => {
      if (!user) redirectToLogin();
    });
  }, []);
  return auth;
}
