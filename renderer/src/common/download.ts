/**
 * Saves text as a file the way a browser does (a download; the desktop app asks where), so
 * exports work the same in both modes without giving the page file-system access. The one
 * download helper of the renderer: every export (reports, label files and packs, schemas,
 * judges) goes through it. `type` is a MIME type; UTF-8 is added unless it names a charset.
 */
export function saveTextFile(fileName: string, text: string, type = 'text/plain'): void {
  const url = URL.createObjectURL(new Blob([text], { type: /;\s*charset=/i.test(type) ? type : `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke later: some browsers read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
