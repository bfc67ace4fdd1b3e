import { describe, expect, it, vi } from 'vitest';
import { BackupScheduler } from './backupScheduler';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('BackupScheduler', () => {
  it('runs at start and then every interval', async () => {
    vi.useFakeTimers();
    try {
      const backup = vi.fn(async () => {});
      const scheduler = new BackupScheduler(backup, () => {}, 1000);
      scheduler.start();
      expect(backup).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(2500);
      expect(backup).toHaveBeenCalledTimes(3);
      await scheduler.stop();
      await vi.advanceTimersByTimeAsync(5000);
      expect(backup).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never runs two backups at once', async () => {
    const gate = deferred();
    const backup = vi.fn(() => gate.promise);
    const scheduler = new BackupScheduler(backup, () => {});
    const first = scheduler.runNow();
    const second = scheduler.runNow();
    expect(second).toBe(first);
    expect(backup).toHaveBeenCalledTimes(1);
    gate.resolve();
    await first;
  });

  it('lets shutdown wait for a running backup', async () => {
    const gate = deferred();
    let finished = false;
    const scheduler = new BackupScheduler(async () => {
      await gate.promise;
      finished = true;
    }, () => {});
    scheduler.start();
    const stopped = scheduler.stop().then(() => finished);
    gate.resolve();
    expect(await stopped).toBe(true);
  });

  it('reports a failed backup and keeps going', async () => {
    const onError = vi.fn();
    const backup = vi.fn().mockRejectedValueOnce(new Error('disk full')).mockResolvedValueOnce(undefined);
    const scheduler = new BackupScheduler(backup, onError);
    await scheduler.runNow();
    expect(onError).toHaveBeenCalledWith(new Error('disk full'));
    await scheduler.runNow();
    expect(backup).toHaveBeenCalledTimes(2);
    await scheduler.stop();
  });
});
