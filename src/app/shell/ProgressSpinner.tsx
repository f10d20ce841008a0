/**
 * A loading spinner drawn by the page's own CSS (`.fs-spinner` in index.html, the static first
 * screen's), so the first screen's JavaScript carries no spinner component: the session check's
 * splash and a page whose code is still loading show it.
 */
export function ProgressSpinner({ label, className }: { label: string; className?: string }) {
  return (
    <div className={className ? `fs-spinner ${className}` : 'fs-spinner'} role="progressbar" aria-label={label}>
      <i aria-hidden="true" />
      {label}
    </div>
  );
}
