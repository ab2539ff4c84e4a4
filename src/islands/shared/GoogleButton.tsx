/**
 * 'Continue with Google' / 'Sign up with Google'. In development it starts the
 * /dev/google round trip; with Google Identity Services configured it shows Google's own button.
 * google.ts, which does either, is loaded when one of them is needed: on a click in development,
 * once the config names Google Identity Services in production.
 */
import { useEffect, useRef, useState } from 'react';
import { Messages } from '../../contract/messages';
import { loadPublicConfig } from './config';
import type { GoogleIntent } from './google';

const google = () => import('./google');

interface Props {
  label: 'Continue with Google' | 'Sign up with Google';
  intent: GoogleIntent;
  /** Production path: the ID token Google returned in this page. */
  onCredential: (credential: string) => void;
  onError: (message: string) => void;
  /** Checked before leaving for the consent page (e.g. the terms checkbox); false stops it. */
  beforeStart?: () => boolean;
  disabled?: boolean;
}

export function GoogleButton({
  label,
  intent,
  onCredential,
  onError,
  beforeStart,
  disabled = false,
}: Props) {
  const [mode, setMode] = useState<'local' | 'gis' | null>(null);
  const gisContainer = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onCredential, onError });

  useEffect(() => {
    callbacks.current = { onCredential, onError };
  }, [onCredential, onError]);

  useEffect(() => {
    let current = true;
    loadPublicConfig()
      .then((config) => {
        if (!current) return;
        setMode(config.google.mode);
        const element = gisContainer.current;
        if (config.google.mode !== 'gis' || !element) return;
        const text = label === 'Sign up with Google' ? 'signup_with' : 'continue_with';
        return google().then(({ renderGisButton }) =>
          renderGisButton(element, config.google.clientId ?? '', text, (credential) => {
            if (credential) callbacks.current.onCredential(credential);
            else callbacks.current.onError(Messages.googleAuthFailed);
          }),
        );
      })
      .catch((error: unknown) => {
        console.warn('Google sign-in could not be prepared', error);
        if (current) setMode('local');
      });
    return () => {
      current = false;
    };
  }, [label]);

  const start = () => {
    if (beforeStart && !beforeStart()) return;
    if (mode === 'gis') return;
    google()
      .then(({ startLocalGoogle }) => startLocalGoogle(intent))
      .catch(() => onError(Messages.googleAuthFailed));
  };

  return (
    <div className="google-signin">
      <div ref={gisContainer} hidden={mode !== 'gis'} />
      {mode !== 'gis' && (
        <button
          type="button"
          className="button button-secondary google-button"
          onClick={start}
          disabled={disabled}
        >
          {/* Google's mark as a static file: its paths would weigh more in the bundle. */}
          <img src="/google-mark.svg" alt="" width="18" height="18" />
          {label}
        </button>
      )}
    </div>
  );
}
