/** Copies a value to the clipboard and announces 'Copied' (the license key). */
import { useEffect, useState } from 'react';

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [status, setStatus] = useState('');

  useEffect(() => {
    if (!status) return;
    const timer = window.setTimeout(() => setStatus(''), 3000);
    return () => window.clearTimeout(timer);
  }, [status]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setStatus('Copied');
    } catch {
      setStatus('Copy failed: select the key and copy it by hand.');
    }
  };

  return (
    <span className="copy">
      <button
        type="button"
        className="button button-secondary copy-button"
        onClick={() => void copy()}
        aria-label={`Copy ${label}`}
      >
        Copy
      </button>
      <span className="copy-status" role="status" aria-live="polite">
        {status}
      </span>
    </span>
  );
}
