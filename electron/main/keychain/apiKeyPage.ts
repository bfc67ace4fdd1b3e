/**
 * The small page that asks for the judge API key in the desktop app. It has no preload and no
 * IPC: it signals the user's choice by setting its title (`accord-key:save`, `…:forget`,
 * `…:cancel`), and the main process then reads the field itself (see apiKeyWindow.ts). Built
 * as a data: URL so it needs no file in the renderer bundle.
 */

/** What the user chose on the page. */
export type ApiKeyAction = 'save' | 'forget' | 'cancel';

const TITLE_PREFIX = 'accord-key:';

/** The action a page title signals, or null for any other title. */
export function parseApiKeyAction(title: string): ApiKeyAction | null {
  if (!title.startsWith(TITLE_PREFIX)) return null;
  const action = title.slice(TITLE_PREFIX.length);
  return action === 'save' || action === 'forget' || action === 'cancel' ? action : null;
}

/** The page's HTML. It never contains a key: the field starts empty even when one is stored. */
export function apiKeyPageHtml(input: { hasKey: boolean }): string {
  const status = input.hasKey
    ? 'A key is stored. Enter a new one to replace it, or forget it.'
    : 'No key is stored. Local servers (vLLM, Ollama, llama.cpp) usually need none.';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Judge API Key</title>
<style>
  body { font: 14px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2733; margin: 20px 24px; }
  h1 { font-size: 16px; margin: 0 0 8px; }
  p { color: #5b6878; margin: 0 0 12px; line-height: 1.45; }
  input { width: 100%; box-sizing: border-box; font: 13px ui-monospace, Menlo, Consolas, monospace; padding: 7px 9px; border: 1px solid #c5ccd4; border-radius: 6px; }
  input:focus { outline: 2px solid #2f5d8a; outline-offset: -1px; }
  .buttons { display: flex; gap: 8px; justify-content: flex-end; margin-top: 16px; }
  button { font: 600 13px system-ui, sans-serif; padding: 6px 14px; border-radius: 6px; border: 1px solid #c5ccd4; background: #fff; color: #1d2733; }
  button.primary { background: #2f5d8a; border-color: #2f5d8a; color: #fff; }
  button.danger { color: #b3261e; margin-right: auto; }
</style></head>
<body>
<h1>API key for judge runs</h1>
<p>Accord sends this key to OpenAI-compatible endpoints when it runs a judge. It is kept encrypted by your system keychain in your user folder, never in a workspace, an export or a log.</p>
<p id="status">${status}</p>
<form id="form" autocomplete="off">
  <input id="key" type="password" aria-label="API key" placeholder="sk-…" required spellcheck="false" autofocus>
  <div class="buttons">
    ${input.hasKey ? '<button type="button" class="danger" id="forget">Forget stored key</button>' : ''}
    <button type="button" id="cancel">Cancel</button>
    <button type="submit" class="primary">Save key</button>
  </div>
</form>
<script>
  const signal = (action) => { document.title = '${TITLE_PREFIX}' + action; };
  document.getElementById('form').addEventListener('submit', (event) => { event.preventDefault(); signal('save'); });
  document.getElementById('cancel').addEventListener('click', () => signal('cancel'));
  const forget = document.getElementById('forget');
  if (forget) forget.addEventListener('click', () => signal('forget'));
  document.addEventListener('keydown', (event) => { if (event.key === 'Escape') signal('cancel'); });
</script>
</body></html>`;
}

/** The page as a data: URL. */
export function apiKeyPageUrl(html: string): string {
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}
