// Saving a file the app fetched (CSV exports, proofs of payment) through a temporary object URL.

/** Offers `blob` to the user as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser the click before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
