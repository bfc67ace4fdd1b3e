import { describe, expect, it } from 'vitest';
import { inviteLink, parseInviteDuration, parseInviteFragment } from './inviteLink';

const TOKEN = '0f'.repeat(32);

describe('invite links', () => {
  it('carry the token in the fragment, with the route to open, and read back', () => {
    expect(inviteLink('https://accord.example.org', TOKEN)).toBe(`https://accord.example.org/#invite=${TOKEN}`);
    expect(inviteLink('https://accord.example.org/', TOKEN, '/tasks')).toBe(`https://accord.example.org/#invite=${TOKEN}&route=/tasks`);
    expect(parseInviteFragment(`#invite=${TOKEN}&route=/tasks`)).toEqual({ invite: TOKEN, route: '/tasks' });
    expect(parseInviteFragment(`invite=${TOKEN}`)).toEqual({ invite: TOKEN, route: '/' });
  });

  it('are not an ordinary hash route, a browser-mode token or a short or upper-case token', () => {
    expect(parseInviteFragment('#/tasks')).toBeNull();
    expect(parseInviteFragment(`#token=${TOKEN}`)).toBeNull();
    expect(parseInviteFragment('#invite=abc')).toBeNull();
    expect(parseInviteFragment(`#invite=${TOKEN.toUpperCase()}`)).toBeNull();
  });
});

describe('parseInviteDuration', () => {
  it('reads hours, days and weeks', () => {
    expect(parseInviteDuration('12h')).toBe(12 * 3_600_000);
    expect(parseInviteDuration('7d')).toBe(7 * 86_400_000);
    expect(parseInviteDuration(' 2w ')).toBe(14 * 86_400_000);
  });

  it('refuses anything else', () => {
    for (const text of ['', '0d', '7', 'd', '5y', '1.5d', '-1d', '7 days']) expect(parseInviteDuration(text), text).toBeNull();
  });
});
