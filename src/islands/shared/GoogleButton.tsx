/**
 * 'Continue with Google' / 'Sign up with Google'. In development it starts the
 * /dev/google round trip; with Google Identity Services configured it shows Google's own button.
 */
import { useEffect, useRef, useState } from 'react';
import { Messages } from '../../contract/messages';
import { loadPublicConfig } from './config';
import { renderGisButton, startLocalGoogle, type GoogleIntent } from './google';

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
        return renderGisButton(element, config.google.clientId ?? '', text, (credential) => {
          if (credential) callbacks.current.onCredential(credential);
          else callbacks.current.onError(Messages.googleAuthFailed);
        });
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
    startLocalGoogle(intent);
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
          <GoogleMark />
          {label}
        </button>
      )}
    </div>
  );
}

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.7c4.3-4 6.9-9.9 6.9-17.1z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.2.8-4.7l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.8l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.7c-2.1 1.4-4.8 2.2-8.5 2.2-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}
