import { useCallback, useEffect, useState } from 'react';
import type { MappingPreview, MappingSummary } from '../../../../electron/api/contract';
import { useTransport } from '../../api/apiContext';
import { messageOf } from '../../api/useApiQuery';

/**
 * The import dialog's mapping step: reads the chosen file's first records, takes the mapping
 * the server proposes (the preset that recognises the file) into an editable text, previews
 * what the edited mapping makes of those records, and saves it by name. `useForImport` says
 * whether the import should read the file through the edited mapping.
 */
export function useMappingPreview(file: File | null) {
  const transport = useTransport();
  const [preview, setPreview] = useState<MappingPreview | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [useForImport, setUseForImport] = useState(false);
  const [mappings, setMappings] = useState<MappingSummary[]>([]);

  useEffect(() => {
    setPreview(null);
    setText('');
    setError(null);
    setSaved(null);
    setUseForImport(false);
  }, [file]);

  const loadMappings = useCallback(async () => {
    try {
      setMappings(await transport.client['mappings.list']({}));
    } catch {
      setMappings([]);
    }
  }, [transport]);

  /** Previews the file with the mapping in the editor (or, with none yet, the proposed one). */
  const run = useCallback(
    async (mappingText: string | null) => {
      if (!file) return;
      setBusy(true);
      setError(null);
      try {
        let mapping: unknown;
        if (mappingText !== null && mappingText.trim() !== '') {
          try {
            mapping = JSON.parse(mappingText);
          } catch (caught) {
            throw new Error(`The mapping is not valid JSON: ${(caught as Error).message}`, { cause: caught });
          }
        }
        const [source] = await transport.importSources([file]);
        const result = await transport.client['mappings.preview']({ source: source!, mapping, records: 5 });
        setPreview(result);
        if (mapping === undefined && result.mapping) setText(JSON.stringify(result.mapping, null, 2));
        if (mapping !== undefined) setUseForImport(true);
        void loadMappings();
      } catch (caught) {
        setError(messageOf(caught));
      } finally {
        setBusy(false);
      }
    },
    [file, loadMappings, transport],
  );

  /** Opens a saved mapping or a preset's in the editor (a copy: saving needs a name of its own). */
  const open = useCallback(
    async (name: string) => {
      try {
        const { mapping, summary } = await transport.client['mappings.get']({ name });
        setText(JSON.stringify(summary.preset ? { ...mapping, name: `${mapping.name}-copy` } : mapping, null, 2));
      } catch (caught) {
        setError(messageOf(caught));
      }
    },
    [transport],
  );

  const save = useCallback(async () => {
    setError(null);
    try {
      const result = await transport.client['mappings.save']({ mapping: JSON.parse(text) as unknown });
      setSaved(`Saved as "${result.name}"${result.status === 'replaced' ? ' (replacing the one saved before)' : ''}.`);
      void loadMappings();
    } catch (caught) {
      setError(messageOf(caught));
    }
  }, [loadMappings, text, transport]);

  /** The mapping the import should use: the edited one when asked, else none (detection). */
  const importMapping = (): unknown => {
    if (!useForImport || text.trim() === '') return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  };

  return { preview, text, setText, error, busy, saved, run, open, save, mappings, useForImport, setUseForImport, importMapping };
}

export type MappingPreviewState = ReturnType<typeof useMappingPreview>;
