/**
 * Account Settings' Passkeys card: the account's passkeys (name, when added, when last used), "Add
 * a passkey" (the Worker's options first, then a name, suggested from this browser, then the
 * browser's prompt), renaming one, and removing one after a confirm step. Adding and removing are
 * step-up actions: the server may first want a fresh proof of the strongest factor, which the
 * step-up dialog asks for (shared/fresh-proof.ts). The forms, the checks and the calls behind the
 * buttons (PasskeySteps.tsx) load on the first press; the ceremony's code (shared/webauthn.ts and
 * @simplewebauthn/browser) only when a passkey is created.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Messages } from '../../contract/messages';
import { type Passkey, type PasskeyList } from '../../contract/passkeys';
import { formatDate } from '../../lib/format';
import { apiCall, messageFor } from '../shared/api';
import { partFailed } from '../shared/lazy-part';
import { useLoad } from '../shared/use-load';
import { isListPasskeysAnswer } from '../../generated/answers/ListPasskeysAnswer';
import type { Card, Step } from './PasskeySteps';

type StepsModule = typeof import('./PasskeySteps');
/** The steps' module once loaded: every step but `idle` renders with it. */
let steps: StepsModule | null = null;
let loadingSteps: Promise<StepsModule> | null = null;
/** Loads the steps once per page (again after a failed load). */
function loadSteps(): Promise<StepsModule> {
  loadingSteps ??= import('./PasskeySteps').then(
    (module) => (steps = module),
    (error: unknown) => {
      loadingSteps = null;
      throw error;
    },
  );
  return loadingSteps;
}

const loadPasskeys = () => apiCall('GET', '/api/passkeys', isListPasskeysAnswer);
const describeFailure = (failure: unknown) => messageFor(failure, Messages.passkeysLoadFailed);

export function Passkeys() {
  const id = useId();
  const { state, replace, reload } = useLoad(loadPasskeys, describeFailure);
  const list = state.kind === 'ready' ? state.value : null;
  const passkeys = list?.passkeys ?? null;
  const max = list?.max ?? 0;
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const errorId = `${id}-error`;

  /** The list after a change this card made. */
  const update = (change: (current: Passkey[]) => Passkey[]) => {
    if (list) replace({ ...list, passkeys: change(list.passkeys) } satisfies PasskeyList);
  };

  useEffect(() => {
    if (step.kind === 'naming' || step.kind === 'renaming') nameInput.current?.focus();
  }, [step.kind]);

  const begin = (next: Step, initialName = '') => {
    setError(null);
    setDone(null);
    setName(initialName);
    setStep(next);
  };

  const fail = (failure: unknown, fallback: string, back: Step = { kind: 'idle' }) => {
    setError(messageFor(failure, fallback));
    setStep(back);
  };

  /**
   * The steps' module, loaded on the first press; when it cannot be loaded, the card says so and
   * the card is back as it was, its buttons pressed again to try again.
   */
  const withSteps = async (): Promise<StepsModule | null> => {
    try {
      return await loadSteps();
    } catch {
      setStep({ kind: 'idle' });
      setDone(null);
      setError(partFailed);
      return null;
    }
  };

  /** Rename or Remove pressed: the step shows once its module is there. */
  const open = async (next: Step, initialName = '') => {
    if (await withSteps()) begin(next, initialName);
  };

  const startAdding = async () => {
    begin({ kind: 'starting' });
    const module = await withSteps();
    if (!module) return;
    try {
      const { suggestedName, ...passkey } = await module.startAdding();
      setName(suggestedName);
      setStep({ kind: 'naming', ...passkey });
    } catch (failure) {
      fail(failure, Messages.passkeyNotCreated);
    }
  };

  /** What the steps' actions (PasskeySteps.tsx) read and change of this card. */
  const card: Card = { step, name, setStep, setError, setDone, update, fail, reload };

  const busy = step.kind === 'starting' || step.kind === 'creating' || step.kind === 'busy';
  const nameProps = {
    id,
    name,
    error,
    inputRef: nameInput,
    onName: (value: string) => {
      setName(value);
      setError(null);
    },
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Passkeys</h2>
      <p>
        A passkey signs you in with your fingerprint, face or device PIN instead of a password. It
        stays on your device or in your password manager, and needs no code from an authenticator
        app.
      </p>
      {state.kind === 'failed' ? (
        <p className="form-error" role="alert">
          {state.problem}
        </p>
      ) : passkeys === null ? (
        <p className="dashboard-loading">Loading your passkeys...</p>
      ) : passkeys.length > 0 ? (
        <ul className="passkey-list">
          {passkeys.map((key) => (
            <li key={key.id} className="passkey-item">
              {steps && step.kind === 'renaming' && step.id === key.id ? (
                <steps.RenameForm
                  {...nameProps}
                  keyName={key.name}
                  onSubmit={(event) => void steps?.rename(card, event)}
                  onCancel={() => begin({ kind: 'idle' })}
                />
              ) : steps && step.kind === 'removing' && step.id === key.id ? (
                <steps.RemoveConfirm
                  keyName={key.name}
                  onRemove={() => void steps?.remove(card, key.id)}
                  onCancel={() => begin({ kind: 'idle' })}
                />
              ) : (
                <>
                  <div className="passkey-about">
                    <strong className="passkey-name">{key.name}</strong>
                    <span className="dashboard-small">Added {formatDate(key.createdAt)}</span>
                    <span className="dashboard-small">
                      {key.lastUsedAt === null
                        ? 'Not used yet'
                        : `Last used ${formatDate(key.lastUsedAt)}`}
                    </span>
                  </div>
                  <div className="passkey-actions">
                    <button
                      type="button"
                      className="button button-secondary"
                      disabled={busy}
                      aria-label={`Rename ${key.name}`}
                      onClick={() => void open({ kind: 'renaming', id: key.id }, key.name)}
                    >
                      Rename
                    </button>
                    <button
                      type="button"
                      className="button button-secondary"
                      disabled={busy}
                      aria-label={`Remove ${key.name}`}
                      onClick={() => void open({ kind: 'removing', id: key.id })}
                    >
                      Remove
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="dashboard-small passkey-empty">You have no passkeys yet.</p>
      )}
      {steps && (step.kind === 'naming' || step.kind === 'creating') ? (
        <steps.CreateForm
          {...nameProps}
          creating={step.kind === 'creating'}
          onSubmit={(event) => void steps?.create(card, event)}
          onCancel={() => begin({ kind: 'idle' })}
        />
      ) : (
        passkeys !== null && (
          <div className="form-actions">
            <button
              type="button"
              className="button"
              disabled={busy || step.kind !== 'idle' || passkeys.length >= max}
              onClick={() => void startAdding()}
            >
              {step.kind === 'starting' ? 'Starting...' : 'Add a Passkey'}
            </button>
          </div>
        )
      )}
      {passkeys !== null && passkeys.length >= max && (
        <p className="field-hint">
          You have {max} passkeys, the most an account can keep. Remove one to add another.
        </p>
      )}
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
      {done && (
        <p className="form-success" role="status">
          {done}
        </p>
      )}
    </section>
  );
}
