import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupFileName, backupFolderFor, planDailyBackup } from './backupPlan';

// Dates are built from local components, so the tests hold in any time zone.
const day = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h);
const names = (...days: string[]) => days.map((d) => `${d}.accord`);

describe('backupFileName', () => {
  it("is the local calendar day, zero-padded", () => {
    expect(backupFileName(day(2025, 1, 5))).toBe('2025-01-05.accord');
    expect(backupFileName(day(2025, 12, 31, 23))).toBe('2025-12-31.accord');
    expect(backupFileName(day(2026, 1, 1, 0))).toBe('2026-01-01.accord');
  });
});

describe('planDailyBackup', () => {
  it('takes the first backup into an empty folder and deletes nothing', () => {
    expect(planDailyBackup([], day(2025, 3, 10), 7)).toEqual({ due: true, fileName: '2025-03-10.accord', remove: [] });
  });

  it('takes no second backup on the same day', () => {
    expect(planDailyBackup(names('2025-03-09', '2025-03-10'), day(2025, 3, 10, 18), 7)).toEqual({ due: false, fileName: '2025-03-10.accord', remove: [] });
  });

  it('keeps the newest N including today, deleting the oldest first', () => {
    // 7 older backups + today = 8; keeping 7 deletes exactly the oldest one.
    const existing = names('2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07', '2025-03-08', '2025-03-09');
    expect(planDailyBackup(existing, day(2025, 3, 10), 7)).toEqual({ due: true, fileName: '2025-03-10.accord', remove: names('2025-03-03') });
  });

  it('rotates by date, not by listing order, and across gaps (days the app was not opened)', () => {
    const existing = names('2025-02-01', '2024-12-24', '2025-01-15', '2025-03-01');
    expect(planDailyBackup(existing, day(2025, 3, 10), 3).remove).toEqual(names('2025-01-15', '2024-12-24'));
  });

  it('shrinks to a lowered N even on a day whose backup exists', () => {
    const existing = names('2025-03-08', '2025-03-09', '2025-03-10');
    expect(planDailyBackup(existing, day(2025, 3, 10), 1)).toEqual({ due: false, fileName: '2025-03-10.accord', remove: names('2025-03-09', '2025-03-08') });
  });

  it("never deletes today's backup, even when the clock once ran ahead", () => {
    const existing = names('2031-01-01', '2030-01-01');
    const plan = planDailyBackup(existing, day(2025, 3, 10), 2);
    expect(plan.remove).not.toContain('2025-03-10.accord');
    expect(plan.remove).toEqual(names('2030-01-01'));
  });

  it('never touches files that are not daily backups', () => {
    const existing = ['notes.txt', '2025-03-01.accord.partial', 'old-2025-01-01.accord', ...names('2025-03-01', '2025-03-02')];
    expect(planDailyBackup(existing, day(2025, 3, 10), 1).remove).toEqual(names('2025-03-02', '2025-03-01'));
  });

  it('refuses to keep fewer than one backup', () => {
    expect(() => planDailyBackup([], day(2025, 3, 10), 0)).toThrow(/≥ 1, not 0/);
    expect(() => planDailyBackup([], day(2025, 3, 10), 1.5)).toThrow(RangeError);
  });
});

describe('backupFolderFor', () => {
  it('names the folder after the workspace and a hash of its full path', () => {
    const a = backupFolderFor('/data/backups', '/home/a/default.accord');
    const b = backupFolderFor('/data/backups', '/home/b/default.accord');
    expect(path.dirname(a)).toBe('/data/backups');
    expect(path.basename(a)).toMatch(/^default-[0-9a-f]{8}$/);
    expect(a).not.toBe(b);
    expect(backupFolderFor('/data/backups', '/home/a/default.accord')).toBe(a);
  });

  it('keeps only safe characters of the name', () => {
    expect(path.basename(backupFolderFor('/b', '/x/my labels: v2.accord'))).toMatch(/^my_labels__v2-[0-9a-f]{8}$/);
  });
});
