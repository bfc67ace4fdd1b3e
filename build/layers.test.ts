import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// DESIGN.md §1's layer rules live in eslint.config.js; these cases prove the rules bite.
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function violations(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

describe('layer rules', () => {
  it('keep electron/core pure', async () => {
    expect(await violations('electron/core/stats/x.ts', "import fs from 'node:fs';\nexport const a = fs;")).toHaveLength(1);
    expect(await violations('electron/core/stats/x.ts', "import fs from 'fs';\nexport const a = fs;")).toHaveLength(1);
    expect(await violations('electron/core/stats/x.ts', "import { openWorkspace } from '../../../db/workspace';\nexport const a = openWorkspace;")).toHaveLength(1);
    expect(await violations('electron/core/stats/x.ts', "import { dispatch } from '../../services/dispatch';\nexport const a = dispatch;")).toHaveLength(1);
    expect(await violations('electron/core/stats/x.ts', "import { z } from 'zod';\nexport const a = z;")).toHaveLength(0);
  });

  it('keep the renderer on the API client', async () => {
    expect(await violations('renderer/src/x.ts', "import { openWorkspace } from '../../db/workspace';\nexport const a = openWorkspace;")).toHaveLength(1);
    expect(await violations('renderer/src/x.ts', "import { dispatch } from '../../electron/services/dispatch';\nexport const a = dispatch;")).toHaveLength(1);
    expect(await violations('renderer/src/x.ts', "import fs from 'node:fs';\nexport const a = fs;")).toHaveLength(1);
    expect(await violations('renderer/src/x.ts', "import { ipcRenderer } from 'electron';\nexport const a = ipcRenderer;")).toHaveLength(1);
    expect(await violations('renderer/src/x.ts', "import type { ApiClient } from '../../electron/api/contract';\nexport type A = ApiClient;")).toHaveLength(0);
  });

  it('let the renderer import only types from electron/api, and run what both sides share from electron/common', async () => {
    const api = (code: string) => violations('renderer/src/features/x/x.ts', code);
    expect(await api("import { contract } from '../../../../electron/api/contract';\nexport const a = contract;")).toEqual([
      expect.stringContaining('the renderer imports only types from electron/api'),
    ]);
    expect(await api("import { contract, type ApiClient } from '../../../../electron/api/contract';\nexport const a: ApiClient = contract as never;")).toHaveLength(1);
    expect(await api("export { contract } from '../../../../electron/api/contract';")).toHaveLength(1);
    expect(await violations('renderer/src/x.test.ts', "import { contract } from '../../electron/api/contract';\nexport const a = contract;")).toHaveLength(1);
    expect(await api("import { type ApiClient, type MethodName } from '../../../../electron/api/contract';\nexport type A = [ApiClient, MethodName];")).toHaveLength(0);
    expect(await api("export type { ApiClient } from '../../../../electron/api/contract';")).toHaveLength(0);
    expect(await api("import { coef } from '../../../../electron/common/numberFormat';\nexport const a = coef;")).toHaveLength(0);
  });

  it('keep electron/common dependency-free, and let every layer use it', async () => {
    expect(await violations('electron/common/x.ts', "import { z } from 'zod';\nexport const a = z;")).toHaveLength(1);
    expect(await violations('electron/common/x.ts', "import fs from 'node:fs';\nexport const a = fs;")).toHaveLength(1);
    expect(await violations('electron/common/x.ts', "import type { ApiClient } from '../api/contract';\nexport type A = ApiClient;")).toHaveLength(1);
    expect(await violations('electron/common/x.ts', "import { tiersOf } from '../core/schemas/tiers';\nexport const a = tiersOf;")).toHaveLength(1);
    expect(await violations('electron/common/x.ts', "import { coef } from './numberFormat';\nexport const a = coef;")).toHaveLength(0);
    expect(await violations('electron/core/x.ts', "import { coef } from '../common/numberFormat';\nexport const a = coef;")).toHaveLength(0);
    expect(await violations('electron/services/x.ts', "import { coef } from '../common/numberFormat';\nexport const a = coef;")).toHaveLength(0);
  });

  it('keep services below transports and Electron out of everything but electron/main', async () => {
    expect(await violations('electron/services/x.ts', "import { startBrowserMode } from '../transports/http/server';\nexport const a = startBrowserMode;")).toHaveLength(1);
    expect(await violations('electron/services/x.ts', "import { app } from 'electron';\nexport const a = app;")).toHaveLength(1);
    expect(await violations('electron/cli/x.ts', "import { app } from 'electron';\nexport const a = app;")).toHaveLength(1);
    expect(await violations('db/queries/x.ts', "import { dispatch } from '../../electron/services/dispatch';\nexport const a = dispatch;")).toHaveLength(1);
    expect(await violations('electron/api/x.ts', "import { openWorkspace } from '../../db/workspace';\nexport const a = openWorkspace;")).toHaveLength(1);
  });

  it('leave downloads to the one helper, renderer/src/common/download.ts', async () => {
    const code = "export const a = (b: Blob) => URL.createObjectURL(b);";
    const rules = async (file: string) => (await eslint.lintText(code, { filePath: path.join(root, file) }))[0].messages.map((m) => m.ruleId);
    expect(await rules('renderer/src/features/x/x.ts')).toEqual(['no-restricted-properties']);
    expect(await rules('renderer/src/common/download.ts')).toEqual([]);
  });

  it('keep test-only code (electron/testing/, testdata/) out of the product, and let tests use it', async () => {
    const fake = (from: string) => `import { startFakeOpenAiServer } from '${from}';\nexport const a = startFakeOpenAiServer;`;
    expect(await violations('electron/main/x.ts', fake('../testing/fakeOpenAiServer'))).toHaveLength(1);
    expect(await violations('electron/services/judges/x.ts', fake('../../testing/fakeOpenAiServer'))).toHaveLength(1);
    expect(await violations('electron/cli/x.ts', fake('../testing/fakeOpenAiServer'))).toHaveLength(1);
    expect(await violations('electron/core/judges/x.ts', "import { sampleItems } from './testdata/sampleItems';\nexport const a = sampleItems;")).toHaveLength(1);
    expect(await violations('db/x.ts', fake('../electron/testing/fakeOpenAiServer'))).toHaveLength(1);
    expect(await violations('renderer/src/x.ts', "import type { X } from './testing/x';\nexport type A = X;")).toHaveLength(1);
    expect(await violations('build/scripts/lib/x.ts', fake('../../../electron/testing/fakeOpenAiServer'))).toHaveLength(1);

    expect(await violations('electron/services/judges/x.test.ts', fake('../../testing/fakeOpenAiServer'))).toHaveLength(0);
    expect(await violations('electron/cli/x.test.ts', fake('../testing/fakeOpenAiServer'))).toHaveLength(0);
    expect(await violations('electron/testing/x.ts', fake('./fakeOpenAiServer'))).toHaveLength(0);
    expect(await violations('e2e/x.ts', fake('../electron/testing/fakeOpenAiServer'))).toHaveLength(0);
    expect(await violations('build/bench/x.ts', fake('../../electron/testing/fakeOpenAiServer'))).toHaveLength(0);
  });
});
