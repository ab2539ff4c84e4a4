/**
 * Account Settings' Passkeys card: the account's passkeys (name, when added, when last used), "Add
 * a passkey" (the Worker's options first, then a name, suggested from this browser, then the
 * browser's prompt), renaming one, and removing one after a confirm step. Adding and removing are
 * step-up actions: the server may first want a fresh proof of the strongest factor, which the
 * step-up dialog asks for (shared/fresh-proof.ts). The ceremony's code (shared/webauthn.ts and
 * @simplewebauthn/browser) loads only when a passkey is added.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { Messages, SuccessMessages } from '../../contract/messages';
import { type Passkey, type PasskeyList } from '../../contract/passkeys';
import { hasVisibleText, isPlainLine } from '../../contract/plain-text';
import { formatDate } from '../../lib/format';
import { apiCall, messageFor } from '../shared/api';
import { withFreshProof } from '../shared/fresh-proof';
import { useLoad } from '../shared/use-load';
import { isAddPasskeyAnswer } from '../../generated/answers/AddPasskeyAnswer';
import { isListPasskeysAnswer } from '../../generated/answers/ListPasskeysAnswer';
import { isMessageAnswer } from '../../generated/answers/MessageAnswer';
import { isStartAddingPasskeyAnswer } from '../../generated/answers/StartAddingPasskeyAnswer';

/** As the Worker allows (src/contract/schemas/passkeys.ts). */
const NAME_MAX = 60;

type Step =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'naming'; challengeId: string; options: PublicKeyCredentialCreationOptionsJSON }
  | { kind: 'creating' }
  | { kind: 'renaming'; id: string }
  | { kind: 'removing'; id: string }
  | { kind: 'busy' };

const loadPasskeys = () => apiCall('GET', '/api/passkeys', isListPasskeysAnswer);
const describeFailure = (failure: unknown) => messageFor(failure, Messages.passkeysLoadFailed);

/**
 * The name's problem, or null: one line that shows something, 1 to 60 characters (the Worker
 * checks it again).
 */
function nameProblem(name: string): string | null {
  if (!name.trim()) return 'Name the passkey.';
  if (name.trim().length > NAME_MAX) return `A passkey name has at most ${NAME_MAX} characters.`;
  if (!isPlainLine(name)) return Messages.nameNotPlain;
  return hasVisibleText(name) ? null : Messages.nameInvisible;
}

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

  const startAdding = async () => {
    begin({ kind: 'starting' });
    // The ceremony's code loads while the Worker makes the options (`create` awaits it).
    import('../shared/webauthn').catch(() => undefined);
    try {
      const answer = await withFreshProof(() =>
        apiCall('POST', '/api/passkeys/register/options', isStartAddingPasskeyAnswer, {}),
      );
      setName(answer.suggestedName.slice(0, NAME_MAX));
      setStep({
        kind: 'naming',
        challengeId: answer.challengeId,
        options: answer.options as PublicKeyCredentialCreationOptionsJSON,
      });
    } catch (failure) {
      fail(failure, Messages.passkeyNotCreated);
    }
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'naming') return;
    const problem = nameProblem(name);
    if (problem) return setError(problem);
    setError(null);
    setStep({ kind: 'creating' });
    try {
      // The ceremony's code loads only when a passkey is created (a failed load says so here).
      const { runCeremony } = await import('../shared/webauthn');
      const response = await runCeremony(
        ({ startRegistration }) => startRegistration({ optionsJSON: step.options }),
        Messages.passkeyNotCreated,
      );
      const added = await withFreshProof(() =>
        apiCall('POST', '/api/passkeys/register/verify', isAddPasskeyAnswer, {
          challengeId: step.challengeId,
          name: name.trim(),
          response,
        }),
      );
      update((current) => [added, ...current]);
      setDone(`Passkey "${added.name}" added.`);
      setStep({ kind: 'idle' });
    } catch (failure) {
      // A new ceremony needs a new challenge: the one shown is used up either way.
      fail(failure, Messages.passkeyNotCreated);
    }
  };

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'renaming') return;
    const problem = nameProblem(name);
    if (problem) return setError(problem);
    const target = step.id;
    setStep({ kind: 'busy' });
    try {
      const renamed = await apiCall(
        'PATCH',
        `/api/passkeys/${encodeURIComponent(target)}`,
        isAddPasskeyAnswer,
        { name: name.trim() },
      );
      update((current) => current.map((key) => (key.id === target ? renamed : key)));
      setError(null);
      setStep({ kind: 'idle' });
    } catch (failure) {
      fail(failure, Messages.passkeyChangeFailed, { kind: 'renaming', id: target });
    }
  };

  const remove = async (target: string) => {
    setStep({ kind: 'busy' });
    try {
      await withFreshProof(() =>
        apiCall('DELETE', `/api/passkeys/${encodeURIComponent(target)}`, isMessageAnswer),
      );
      update((current) => current.filter((key) => key.id !== target));
      setDone(SuccessMessages.passkeyRemoved);
      setStep({ kind: 'idle' });
    } catch (failure) {
      fail(failure, Messages.passkeyChangeFailed);
      reload();
    }
  };

  const busy = step.kind === 'starting' || step.kind === 'creating' || step.kind === 'busy';
  const nameField = (label: string) => (
    <div className="field">
      <label htmlFor={`${id}-name`}>{label}</label>
      <input
        ref={nameInput}
        id={`${id}-name`}
        type="text"
        value={name}
        maxLength={NAME_MAX}
        autoComplete="off"
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : `${id}-name-hint`}
      />
      <p id={`${id}-name-hint`} className="field-hint">
        A name you will recognize, such as the device or password manager that keeps it.
      </p>
    </div>
  );

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
              {step.kind === 'renaming' && step.id === key.id ? (
                <form className="passkey-form" onSubmit={(event) => void rename(event)} noValidate>
                  {nameField(`New name for "${key.name}"`)}
                  <div className="form-actions">
                    <button type="submit" className="button">
                      Save Name
                    </button>
                    <button
                      type="button"
                      className="button button-secondary"
                      onClick={() => begin({ kind: 'idle' })}
                    >
                      Cancel
                    </button>
                  </div>
                </form>
              ) : step.kind === 'removing' && step.id === key.id ? (
                <div className="danger-confirm">
                  <p className="danger-question">
                    Remove the passkey &quot;{key.name}&quot;? It will no longer sign you in.
                  </p>
                  <div className="form-actions">
                    <button
                      type="button"
                      className="button button-danger"
                      onClick={() => void remove(key.id)}
                    >
                      Yes, Remove Passkey
                    </button>
                    <button
                      type="button"
                      className="button button-secondary"
                      onClick={() => begin({ kind: 'idle' })}
                    >
                      Cancel
                    </button>
                  </div>
                </div>
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
                      onClick={() => begin({ kind: 'renaming', id: key.id }, key.name)}
                    >
                      Rename
                    </button>
                    <button
                      type="button"
                      className="button button-secondary"
                      disabled={busy}
                      aria-label={`Remove ${key.name}`}
                      onClick={() => begin({ kind: 'removing', id: key.id })}
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
      {step.kind === 'naming' || step.kind === 'creating' ? (
        <form className="passkey-form" onSubmit={(event) => void create(event)} noValidate>
          {nameField('Passkey name')}
          <div className="form-actions">
            <button type="submit" className="button" aria-disabled={step.kind === 'creating'}>
              {step.kind === 'creating' ? 'Creating...' : 'Create Passkey'}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={step.kind === 'creating'}
              onClick={() => begin({ kind: 'idle' })}
            >
              Cancel
            </button>
          </div>
        </form>
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
