import { parseTokenFragment } from '../../../electron/common/browserLink';

/** Where the page keeps the token: sessionStorage, which is per origin (port included) and per tab. */
export const TOKEN_KEY = 'accord.token';

/**
 * The browser-mode access token, taken from the URL `accord serve` printed: the link carries it
 * in its fragment (`#token=…`, optionally `&route=/items/3`), which is never sent to a server.
 * On load, and whenever a link with a token is opened in a tab that already shows the app, the
 * token is stored in sessionStorage and the address bar is rewritten to the route alone, so the
 * token leaves the address bar and history. A tab opened from another server's URL (another
 * port, or a restarted server) has its own origin or its own fresh token: nothing to clear.
 */
export class AccessToken {
  private memory: string | null = null;

  constructor(private readonly win: Window = window) {
    this.take();
    // Registered before the hash router's own listener, so it rewrites the address first.
    win.addEventListener('popstate', () => this.take());
    win.addEventListener('hashchange', () => this.take());
  }

  /** The token to send, or null when this tab was never given one. */
  get value(): string | null {
    try {
      return this.win.sessionStorage.getItem(TOKEN_KEY) ?? this.memory;
    } catch {
      return this.memory; // storage disabled: the token lives as long as the page
    }
  }

  private take(): void {
    const link = parseTokenFragment(this.win.location.hash);
    if (!link) return;
    this.memory = link.token;
    try {
      this.win.sessionStorage.setItem(TOKEN_KEY, link.token);
    } catch {
      // kept in memory only
    }
    const { pathname, search } = this.win.location;
    this.win.history.replaceState(this.win.history.state, '', `${pathname}${search}#${link.route}`);
  }
}
