/**
 * The upgrade box's button: POST /api/billing/checkout, then the browser leaves for the card
 * checkout (shared/upgrade.ts). Only Trial accounts see the box, so its code loads with it.
 */
import { upgradeBusyText, useUpgrade } from '../shared/upgrade';

export function UpgradeButton() {
  const upgrade = useUpgrade();
  return (
    <>
      <button
        type="button"
        className="button"
        onClick={upgrade.start}
        // aria-disabled, not disabled: the focused button keeps focus if the call fails.
        aria-disabled={upgrade.busy}
        aria-describedby={upgrade.error ? 'upgrade-error' : undefined}
      >
        {upgrade.busy ? upgradeBusyText : 'Upgrade to Standard'}
      </button>
      {upgrade.error && (
        <p id="upgrade-error" className="form-error" role="alert">
          {upgrade.error}
        </p>
      )}
    </>
  );
}
