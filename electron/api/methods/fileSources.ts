import { z } from 'zod';

// How a call names a file it reads: by path (CLI, desktop) or by an upload's id (browser mode,
// where the browser sends the bytes first). One description for every method that reads files.

const byPath = z.object({ path: z.string().min(1) });
const byUpload = z.object({ uploadId: z.string().min(1), name: z.string().min(1) });

/** A file to read: a label file, a label pack, a file to preview through a mapping. */
export const fileSource = z.union([byPath, byUpload]);

/**
 * A file to import. `folder`: the folder it was chosen in (the app's "Choose a folder…"); the
 * files of one folder import into one dataset named after it, as a folder given by path does.
 */
const inFolder = { folder: z.string().min(1).max(255).optional() };
export const importSource = z.union([byPath.extend(inFolder), byUpload.extend(inFolder)]);
