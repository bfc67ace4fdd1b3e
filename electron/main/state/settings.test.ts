import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, MAX_RECENT_WORKSPACES, parseSettings, withOpenedWorkspace, withoutRecentWorkspaces, withoutWorkspace } from './settings';

describe('parseSettings', () => {
  it('falls back to the defaults for a missing or malformed file', () => {
    for (const raw of [null, 'x', 42, []]) expect(parseSettings(raw)).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps valid fields and drops invalid ones one by one', () => {
    expect(parseSettings({ recentWorkspaces: ['/a.accord', 3, '', '/a.accord', '/b.accord'], lastWorkspace: 7, backupsToKeep: 0 })).toEqual({
      recentWorkspaces: ['/a.accord', '/b.accord'],
      lastWorkspace: null,
      backupsToKeep: DEFAULT_SETTINGS.backupsToKeep,
    });
    expect(parseSettings({ recentWorkspaces: [], lastWorkspace: '/a.accord', backupsToKeep: 30 })).toEqual({
      recentWorkspaces: [],
      lastWorkspace: '/a.accord',
      backupsToKeep: 30,
    });
  });
});

describe('recent workspaces', () => {
  it('moves an opened workspace to the front, once, and remembers it for next launch', () => {
    const settings = withOpenedWorkspace({ ...DEFAULT_SETTINGS, recentWorkspaces: ['/a.accord', '/b.accord'] }, '/b.accord');
    expect(settings.recentWorkspaces).toEqual(['/b.accord', '/a.accord']);
    expect(settings.lastWorkspace).toBe('/b.accord');
  });

  it(`keeps at most ${MAX_RECENT_WORKSPACES}`, () => {
    let settings = DEFAULT_SETTINGS;
    for (let i = 0; i < MAX_RECENT_WORKSPACES + 5; i++) settings = withOpenedWorkspace(settings, `/w${i}.accord`);
    expect(settings.recentWorkspaces).toHaveLength(MAX_RECENT_WORKSPACES);
    expect(settings.recentWorkspaces[0]).toBe(`/w${MAX_RECENT_WORKSPACES + 4}.accord`);
  });

  it('forgets a workspace that can no longer be opened, and clears the list on request', () => {
    const settings = withOpenedWorkspace(withOpenedWorkspace(DEFAULT_SETTINGS, '/a.accord'), '/b.accord');
    expect(withoutWorkspace(settings, '/b.accord')).toMatchObject({ recentWorkspaces: ['/a.accord'], lastWorkspace: null });
    expect(withoutWorkspace(settings, '/a.accord')).toMatchObject({ recentWorkspaces: ['/b.accord'], lastWorkspace: '/b.accord' });
    expect(withoutRecentWorkspaces(settings)).toMatchObject({ recentWorkspaces: [], lastWorkspace: '/b.accord' });
  });
});
