import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportCopyName, startupWorkspaces, withWorkspaceExtension, workspaceFromArgv } from './workspaceFiles';

describe('withWorkspaceExtension', () => {
  it('adds .accord when missing and keeps it when present, in any case', () => {
    expect(withWorkspaceExtension('/a/labels')).toBe('/a/labels.accord');
    expect(withWorkspaceExtension('/a/labels.v2')).toBe('/a/labels.v2.accord');
    expect(withWorkspaceExtension('/a/labels.accord')).toBe('/a/labels.accord');
    expect(withWorkspaceExtension('/a/LABELS.ACCORD')).toBe('/a/LABELS.ACCORD');
  });
});

describe('workspaceFromArgv', () => {
  it('finds a workspace file among the arguments, resolved against the working directory', () => {
    expect(workspaceFromArgv(['/opt/Accord/accord-desktop', 'w.accord'], '/home/me')).toBe(path.resolve('/home/me', 'w.accord'));
    expect(workspaceFromArgv(['electron', '/repo', '--inspect', '/x/y.accord'], '/home/me')).toBe('/x/y.accord');
  });

  it('ignores the executable, the app folder and switches', () => {
    expect(workspaceFromArgv(['/x/evil.accord'], '/')).toBeNull();
    expect(workspaceFromArgv(['electron', '/repo', '--flag=a.accord'], '/')).toBeNull();
  });
});

describe('startupWorkspaces', () => {
  const base = { fromArgv: null, last: null, defaultPath: '/d/default.accord', envOverride: false };

  it('opens last time’s workspace, falling back to the default', () => {
    expect(startupWorkspaces({ ...base, last: '/w/labels.accord' })).toEqual(['/w/labels.accord', '/d/default.accord']);
    expect(startupWorkspaces(base)).toEqual(['/d/default.accord']);
  });

  it('puts a file given on the command line first, and $ACCORD_WORKSPACE before last time’s', () => {
    expect(startupWorkspaces({ ...base, fromArgv: '/x/a.accord', last: '/w/l.accord', defaultPath: '/env/e.accord', envOverride: true })).toEqual([
      '/x/a.accord',
      '/env/e.accord',
      '/w/l.accord',
    ]);
  });

  it('lists each workspace once', () => {
    expect(startupWorkspaces({ ...base, fromArgv: '/d/default.accord', last: '/d/default.accord' })).toEqual(['/d/default.accord']);
  });
});

describe('exportCopyName', () => {
  it('is the workspace name, "copy" and the local date', () => {
    expect(exportCopyName('/w/labels.accord', new Date(2025, 0, 5, 10))).toBe('labels-copy-2025-01-05.accord');
  });
});
