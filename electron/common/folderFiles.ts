// Which files of a folder an import reads, for a folder given by path (the service lists it)
// and for one chosen in the app (the browser lists it): the same rule in both places.

/** File endings a folder's files are imported by; other files in it (a README, images) are left alone. */
export const FOLDER_FILE_ENDINGS = ['.txt', '.json', '.jsonl', '.ndjson', '.csv'];

/** Whether a folder's file of this name is imported: not hidden, and one of {@link FOLDER_FILE_ENDINGS}. */
export function importsFromFolder(name: string): boolean {
  const lower = name.toLowerCase();
  return !name.startsWith('.') && FOLDER_FILE_ENDINGS.some((end) => lower.endsWith(end));
}
