import { describe, expect, it } from 'vitest';
import { browserOpenCommand } from './openBrowser';

const url = 'http://127.0.0.1:4873/#token=abc';

describe('browserOpenCommand', () => {
  it('uses each platform’s own opener', () => {
    expect(browserOpenCommand('darwin', {}, url)).toEqual({ command: 'open', args: [url] });
    expect(browserOpenCommand('win32', {}, url)).toEqual({ command: 'cmd', args: ['/c', 'start', '""', url] });
    expect(browserOpenCommand('linux', { DISPLAY: ':0' }, url)).toEqual({ command: 'xdg-open', args: [url] });
  });

  it('opens nothing on a Linux machine without a display, in CI, or when told not to', () => {
    expect(browserOpenCommand('linux', {}, url)).toBeNull();
    expect(browserOpenCommand('darwin', { CI: 'true' }, url)).toBeNull();
    expect(browserOpenCommand('linux', { DISPLAY: ':0', ACCORD_NO_OPEN: '1' }, url)).toBeNull();
  });
});
