import { describe, expect, it } from 'vitest';
import { workspaceName } from './workspaceName';

describe('workspaceName', () => {
  it('drops the folder and the extension, on POSIX and Windows paths', () => {
    expect(workspaceName('/home/ana/reviews/march.accord')).toBe('march');
    expect(workspaceName('C:\\Users\\ana\\AppData\\Accord\\default.accord')).toBe('default');
    expect(workspaceName('/tmp/data.sqlite')).toBe('data');
    expect(workspaceName('/tmp/.accord')).toBe('.accord');
  });
});
