/**
 * What the Passkeys card (Passkeys.tsx) does once a button is pressed: the name field and its
 * checks, the forms to name a new passkey and to rename one, the confirm step before one is
 * removed, their calls, and what each changes on the card (create, rename, remove). Most visits only read the list, so this loads on the first press
 * (Add, Rename or Remove). Adding and removing are step-up actions (shared/fresh-proof.ts); the
 * ceremony's code (shared/webauthn.ts and @simplewebauthn/browser) loads only when a passkey is
 * created.
 */
import type { FormEvent, Ref } from 'react';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { Messages, SuccessMessages } from '../../contract/messages';
import type { Passkey } from '../../contract/passkeys';
import { hasVisibleText, isPlainLine } from '../../contract/plain-text';
import { apiCall } from '../shared/api';
import { withFreshProof } from '../shared/fresh-proof';
import { isAddPasskeyAnswer } from '../../generated/answers/AddPasskeyAnswer';
import { isMessageAnswer } from '../../generated/answers/MessageAnswer';
import { isStartAddingPasskeyAnswer } from '../../generated/answers/StartAddingPasskeyAnswer';

/** As the Worker allows (src/contract/schemas/passkeys.ts). */
const NAME_MAX = 60;

/** A new passkey's challenge, from the Worker's options. */
export interface NewPasskey {
  challengeId: string;
  options: PublicKeyCredentialCreationOptionsJSON;
}

/** Where the card stands: reading the list, or one of the steps below. */
export type Step =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | ({ kind: 'naming' } & NewPasskey)
  | { kind: 'creating' }
  | { kind: 'renaming'; id: string }
  | { kind: 'removing'; id: string }
  | { kind: 'busy' };

/** The card's state and its setters, as the actions below read and change them. */
export interface Card {
  step: Step;
  name: string;
  setStep: (next: Step) => void;
  setError: (text: string | null) => void;
  setDone: (text: string | null) => void;
  /** The list after a change the card made. */
  update: (change: (current: Passkey[]) => Passkey[]) => void;
  /** The failure's message shown, the card back at `back` (idle by default). */
  fail: (failure: unknown, fallback: string, back?: Step) => void;
  reload: () => void;
}

/**
 * The name's problem, or null: one line that shows something, 1 to 60 characters (the Worker
 * checks it again).
 */
export function nameProblem(name: string): string | null {
  if (!name.trim()) return 'Name the passkey.';
  if (name.trim().length > NAME_MAX) return `A passkey name has at most ${NAME_MAX} characters.`;
  if (!isPlainLine(name)) return Messages.nameNotPlain;
  return hasVisibleText(name) ? null : Messages.nameInvisible;
}

/** The Worker's options for a new passkey and a name suggested from this browser. */
export async function startAdding(): Promise<NewPasskey & { suggestedName: string }> {
  // The ceremony's code loads while the Worker makes the options (`createPasskey` awaits it).
  import('../shared/webauthn').catch(() => undefined);
  const answer = await withFreshProof(() =>
    apiCall('POST', '/api/passkeys/register/options', isStartAddingPasskeyAnswer, {}),
  );
  return {
    challengeId: answer.challengeId,
    options: answer.options as PublicKeyCredentialCreationOptionsJSON,
    suggestedName: answer.suggestedName.slice(0, NAME_MAX),
  };
}

/** The browser's prompt, then the new passkey saved under `name`. */
export async function createPasskey(passkey: NewPasskey, name: string): Promise<Passkey> {
  // The ceremony's code loads only when a passkey is created (a failed load says so here).
  const { runCeremony } = await import('../shared/webauthn');
  const response = await runCeremony(
    ({ startRegistration }) => startRegistration({ optionsJSON: passkey.options }),
    Messages.passkeyNotCreated,
  );
  return withFreshProof(() =>
    apiCall('POST', '/api/passkeys/register/verify', isAddPasskeyAnswer, {
      challengeId: passkey.challengeId,
      name: name.trim(),
      response,
    }),
  );
}

export const renamePasskey = (id: string, name: string): Promise<Passkey> =>
  apiCall('PATCH', `/api/passkeys/${encodeURIComponent(id)}`, isAddPasskeyAnswer, {
    name: name.trim(),
  });

export async function removePasskey(id: string): Promise<void> {
  await withFreshProof(() =>
    apiCall('DELETE', `/api/passkeys/${encodeURIComponent(id)}`, isMessageAnswer),
  );
}

/** Create Passkey pressed: the name checked, the browser's prompt, then the list with it. */
export async function create(card: Card, event: FormEvent): Promise<void> {
  event.preventDefault();
  const { step, name } = card;
  if (step.kind !== 'naming') return;
  const problem = nameProblem(name);
  if (problem) return card.setError(problem);
  card.setError(null);
  card.setStep({ kind: 'creating' });
  try {
    const added = await createPasskey(step, name);
    card.update((current) => [added, ...current]);
    card.setDone(`Passkey "${added.name}" added.`);
    card.setStep({ kind: 'idle' });
  } catch (failure) {
    // A new ceremony needs a new challenge: the one shown is used up either way.
    card.fail(failure, Messages.passkeyNotCreated);
  }
}

/** Save Name pressed: the name checked, then the list with the new name. */
export async function rename(card: Card, event: FormEvent): Promise<void> {
  event.preventDefault();
  const { step, name } = card;
  if (step.kind !== 'renaming') return;
  const problem = nameProblem(name);
  if (problem) return card.setError(problem);
  const target = step.id;
  card.setStep({ kind: 'busy' });
  try {
    const renamed = await renamePasskey(target, name);
    card.update((current) => current.map((key) => (key.id === target ? renamed : key)));
    card.setError(null);
    card.setStep({ kind: 'idle' });
  } catch (failure) {
    card.fail(failure, Messages.passkeyChangeFailed, { kind: 'renaming', id: target });
  }
}

/** Yes, Remove Passkey pressed: the list without it (or, failed, as the server has it). */
export async function remove(card: Card, target: string): Promise<void> {
  card.setStep({ kind: 'busy' });
  try {
    await removePasskey(target);
    card.update((current) => current.filter((key) => key.id !== target));
    card.setDone(SuccessMessages.passkeyRemoved);
    card.setStep({ kind: 'idle' });
  } catch (failure) {
    card.fail(failure, Messages.passkeyChangeFailed);
    card.reload();
  }
}

interface NameProps {
  /** The card's id, which the field's ids start with. */
  id: string;
  name: string;
  error: string | null;
  inputRef: Ref<HTMLInputElement>;
  onName: (name: string) => void;
}

function NameField({ id, name, error, inputRef, onName, label }: NameProps & { label: string }) {
  return (
    <div className="field">
      <label htmlFor={`${id}-name`}>{label}</label>
      <input
        ref={inputRef}
        id={`${id}-name`}
        type="text"
        value={name}
        maxLength={NAME_MAX}
        autoComplete="off"
        onChange={(event) => onName(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-name-hint`}
      />
      <p id={`${id}-name-hint`} className="field-hint">
        A name you will recognize, such as the device or password manager that keeps it.
      </p>
    </div>
  );
}

interface FormProps extends NameProps {
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}

/** In the list, in place of the passkey being renamed. */
export function RenameForm({
  keyName,
  onSubmit,
  onCancel,
  ...name
}: FormProps & { keyName: string }) {
  return (
    <form className="passkey-form" onSubmit={onSubmit} noValidate>
      <NameField {...name} label={`New name for "${keyName}"`} />
      <div className="form-actions">
        <button type="submit" className="button">
          Save Name
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Below the list: the new passkey's name, then the browser's prompt. */
export function CreateForm({
  creating,
  onSubmit,
  onCancel,
  ...name
}: FormProps & { creating: boolean }) {
  return (
    <form className="passkey-form" onSubmit={onSubmit} noValidate>
      <NameField {...name} label="Passkey name" />
      <div className="form-actions">
        <button type="submit" className="button" aria-disabled={creating}>
          {creating ? 'Creating...' : 'Create Passkey'}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={creating}
          onClick={onCancel}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}

/** In the list, in place of the passkey about to be removed. */
export function RemoveConfirm({
  keyName,
  onRemove,
  onCancel,
}: {
  keyName: string;
  onRemove: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="danger-confirm">
      <p className="danger-question">
        Remove the passkey &quot;{keyName}&quot;? It will no longer sign you in.
      </p>
      <div className="form-actions">
        <button type="button" className="button button-danger" onClick={onRemove}>
          Yes, Remove Passkey
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
