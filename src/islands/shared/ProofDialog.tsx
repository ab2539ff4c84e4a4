/**
 * The step-up dialog: "Confirm it is you" in a modal of its own, on top of whatever the page shows
 * (a console dialog included: the native <dialog> stacks). Loaded only when an action is refused
 * with FRESH_VERIFICATION_REQUIRED (fresh-proof.ts), so no page carries it up front.
 */
import { createRoot } from 'react-dom/client';
import { ConfirmIdentity } from './ConfirmIdentity';
import { Modal } from './Modal';

/** Asks for the person's strongest proof; true once given, false when they cancel. */
export function askForProof(): Promise<boolean> {
  return new Promise((resolve) => {
    const returnFocus =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    const finish = (confirmed: boolean) => {
      root.unmount();
      host.remove();
      if (returnFocus?.isConnected) returnFocus.focus();
      resolve(confirmed);
    };
    root.render(
      <Modal open onClose={() => finish(false)} title="Confirm it is you">
        <ConfirmIdentity onConfirmed={() => finish(true)} onCancel={() => finish(false)} />
      </Modal>,
    );
  });
}
