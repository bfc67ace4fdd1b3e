import type { Page } from '@playwright/test';

/**
 * Runs `work` with the page's CPU slowed `rate` times (Chromium's DevTools throttling), as on a
 * slow machine: a render or a router transition still under way when the next input comes,
 * every time rather than once in a while. The speed is restored however `work` ends.
 */
export async function withSlowCpu(page: Page, work: () => Promise<void>, rate = 20): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  try {
    await work();
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}
