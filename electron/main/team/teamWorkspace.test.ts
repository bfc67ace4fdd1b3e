import { describe, expect, it } from 'vitest';
import { FakeIpcMain } from '../../testing/fakeIpc';
import { INVOKE_CHANNEL, registerIpc } from '../../transports/ipc/register';
import { tempSession } from '../../testing/tempWorkspace';
import { isTrustedSender } from '../security/trustedSender';
import { teamAddress, teamNavigationAllowed } from './teamAddress';
import { parseTeamPageAction, teamPageHtml } from './teamPage';

// "Open Team Workspace…" in the desktop app (issue 16, part 2), in plain Node: what the person
// types becomes the address to open (or a reason), the team window stays on its server, and a
// team server's page — loaded in a window without the preload — could not call the local
// workspace's API even if it tried: the IPC refuses any frame but the app's.

const TOKEN = 'ab'.repeat(32);

describe('teamAddress', () => {
  it('takes the invite link as sent, or the server address and the invite apart', () => {
    expect(teamAddress(`https://accord.example.org/#invite=${TOKEN}`)).toEqual({
      origin: 'https://accord.example.org',
      link: `https://accord.example.org/#invite=${TOKEN}`,
      partition: 'persist:team-accord.example.org',
    });
    expect(teamAddress('https://accord.example.org/team/', TOKEN)).toMatchObject({ link: `https://accord.example.org/team/#invite=${TOKEN}` });
    expect(teamAddress('https://accord.example.org', `https://accord.example.org/#invite=${TOKEN}`)).toMatchObject({ link: `https://accord.example.org/#invite=${TOKEN}` });
    // A team server on this machine may be plain HTTP.
    expect(teamAddress(`http://127.0.0.1:4873/#invite=${TOKEN}`)).toMatchObject({ origin: 'http://127.0.0.1:4873' });
  });

  it('says what is wrong: not an address, plain HTTP across the network, no invite', () => {
    expect(teamAddress('accord team')).toEqual({ error: expect.stringContaining('"accord team" is not an address') });
    expect(teamAddress(`http://accord.example.org/#invite=${TOKEN}`)).toEqual({ error: expect.stringContaining('reached over HTTPS') });
    expect(teamAddress('https://accord.example.org/')).toEqual({ error: expect.stringContaining('the invite is missing') });
    expect(teamAddress('https://accord.example.org/', 'abc')).toEqual({ error: expect.stringContaining('the invite is missing') });
  });

  it('keeps the team window on its own server', () => {
    expect(teamNavigationAllowed('https://accord.example.org', 'https://accord.example.org/#/tasks')).toBe(true);
    expect(teamNavigationAllowed('https://accord.example.org', 'https://evil.example.com/')).toBe(false);
    expect(teamNavigationAllowed('https://accord.example.org', 'http://accord.example.org/')).toBe(false);
    expect(teamNavigationAllowed('https://accord.example.org', 'not a url')).toBe(false);
  });
});

describe('the team page', () => {
  it('signals open and cancel through its title and shows an earlier error as text', () => {
    expect(parseTeamPageAction('accord-team:open')).toBe('open');
    expect(parseTeamPageAction('accord-team:cancel')).toBe('cancel');
    expect(parseTeamPageAction('Open Team Workspace')).toBeNull();
    const html = teamPageHtml({ address: 'https://x/"><script>', error: '<b>bad</b>' });
    expect(html).toContain('&#60;b&#62;bad&#60;/b&#62;');
    expect(html).not.toContain('"><script>');
  });
});

describe("a team server's page in the desktop app", () => {
  it('cannot call the local workspace over IPC: only the app page is a trusted sender', async () => {
    const ws = tempSession();
    const ipc = new FakeIpcMain();
    const unregister = registerIpc(ipc, ws.ctx, { isTrustedSender });
    try {
      const fromTeam = await ipc.invoke({ url: 'https://accord.example.org/', parent: null }, INVOKE_CHANNEL, 'datasets.list', {}, 'lea');
      expect(fromTeam).toEqual({ ok: false, error: { code: 'forbidden', message: 'calls are accepted from the Accord window only' } });
      const fromApp = await ipc.invoke({ url: 'accord://app/index.html', parent: null }, INVOKE_CHANNEL, 'datasets.list', {}, null);
      expect(fromApp).toMatchObject({ ok: true });
    } finally {
      unregister();
      ws.dispose();
    }
  });
});
