import type { WebContents } from 'electron';
import { classifyLink } from './navigationPolicy';

export interface ExternalLinkDeps {
  /** Asks the user whether to open `url` in their browser. */
  confirmExternal(url: string): Promise<boolean>;
  /** `shell.openExternal`. */
  openExternal(url: string): Promise<void>;
  /** Logs a refused navigation (so a blocked link is visible when debugging). */
  log(message: string): void;
}

/**
 * Locks down any web contents the app creates: the window never navigates away from the app,
 * never opens a second window and never attaches a `<webview>`. A web or mail link the user
 * clicks instead opens in the system browser, but only after they confirm it.
 */
export function hardenContents(contents: WebContents, deps: ExternalLinkDeps): void {
  const offerExternal = (url: string) => {
    const target = classifyLink(url);
    if (target === 'external') {
      void deps.confirmExternal(url).then((yes) => (yes ? deps.openExternal(url) : undefined)).catch((error: unknown) => deps.log(`could not open ${url}: ${String(error)}`));
    } else if (target === 'blocked') {
      deps.log(`blocked navigation to ${url}`);
    }
  };
  contents.on('will-navigate', (event, url) => {
    if (classifyLink(url) === 'app') return;
    event.preventDefault();
    offerExternal(url);
  });
  contents.on('will-redirect', (event, url) => {
    if (classifyLink(url) === 'app') return;
    event.preventDefault();
    deps.log(`blocked redirect to ${url}`);
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    deps.log('blocked a <webview>');
  });
  contents.setWindowOpenHandler(({ url }) => {
    offerExternal(url);
    return { action: 'deny' };
  });
}
