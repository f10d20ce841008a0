/**
 * Starts the download of a file's signed url (same origin, so `download` names the file; several
 * in one click do not trip popup blockers the way several `window.open` calls would).
 */
export function downloadFile(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.target = '_blank';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
