import Database from 'better-sqlite3';

let nativeBinding: string | undefined;

/**
 * Sets the compiled addon every database opened from now on loads (Electron's build; see
 * nativeBinding.ts). `undefined` restores better-sqlite3's own lookup.
 */
export function useNativeBinding(file: string | undefined): void {
  nativeBinding = file;
}

/**
 * better-sqlite3's `Database`, opening with the addon chosen by {@link useNativeBinding}.
 * The Electron bundle (build/scripts/lib/bundle.ts) substitutes this class for every
 * `import Database from 'better-sqlite3'`, so db/ and services/ stay unaware of Electron and
 * open the same way under Node and under Electron.
 */
export default class BoundDatabase extends Database {
  constructor(filename?: string | Buffer, options: Database.Options = {}) {
    super(filename, nativeBinding === undefined || 'nativeBinding' in options ? options : { ...options, nativeBinding });
  }
}
