/**
 * The small page "Open Team Workspace…" shows: the team server's address and the invite. Like
 * the API key page it has no preload and no IPC: it signals through its title
 * (`accord-team:open`, `…:cancel`), and the main process reads the two fields once.
 */

const TITLE_PREFIX = 'accord-team:';

/** What a page title signals, or null for any other title. */
export function parseTeamPageAction(title: string): 'open' | 'cancel' | null {
  if (!title.startsWith(TITLE_PREFIX)) return null;
  const action = title.slice(TITLE_PREFIX.length);
  return action === 'open' || action === 'cancel' ? action : null;
}

/** The page's HTML; `error` (from a previous try) is shown as text, never as markup. */
export function teamPageHtml(input: { address?: string; error?: string } = {}): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Open Team Workspace</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<style>
  body { font: 14px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2733; margin: 20px 24px; }
  h1 { font-size: 16px; margin: 0 0 8px; }
  p { color: #5b6878; margin: 0 0 12px; line-height: 1.45; }
  label { display: block; font-weight: 600; font-size: 13px; margin: 10px 0 4px; }
  input { width: 100%; box-sizing: border-box; font: 13px ui-monospace, Menlo, Consolas, monospace; padding: 7px 9px; border: 1px solid #c5ccd4; border-radius: 6px; }
  .error { color: #b3261e; }
  .buttons { display: flex; gap: 8px; justify-content: flex-end; margin-top: 16px; }
  button { font: 600 13px system-ui, sans-serif; padding: 6px 14px; border-radius: 6px; border: 1px solid #c5ccd4; background: #fff; color: #1d2733; }
  button.primary { background: #2f5d8a; border-color: #2f5d8a; color: #fff; }
</style></head>
<body>
<h1>Open a team workspace</h1>
<p>Paste the invite link a lead sent you. It signs this window in as you on the team server; the link works for you alone.</p>
${input.error ? `<p class="error" role="alert">${escape(input.error)}</p>` : ''}
<form id="form" autocomplete="off">
  <label for="address">Invite link or server address</label>
  <input id="address" value="${escape(input.address ?? '')}" placeholder="https://accord.example.org/#invite=…" required spellcheck="false" autofocus>
  <label for="invite">Invite (only when the address above has none)</label>
  <input id="invite" type="password" placeholder="64 hexadecimal digits" spellcheck="false">
  <div class="buttons">
    <button type="button" id="cancel">Cancel</button>
    <button type="submit" class="primary">Open</button>
  </div>
</form>
<script>
  const signal = (action) => { document.title = '${TITLE_PREFIX}' + action; };
  document.getElementById('form').addEventListener('submit', (event) => { event.preventDefault(); signal('open'); });
  document.getElementById('cancel').addEventListener('click', () => signal('cancel'));
  document.addEventListener('keydown', (event) => { if (event.key === 'Escape') signal('cancel'); });
</script>
</body></html>`;
}
