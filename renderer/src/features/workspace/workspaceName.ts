/** The name a person calls a workspace by: its file name without folder or `.accord` / `.sqlite` extension. */
export function workspaceName(path: string): string {
  const file = path.split(/[\\/]/).filter(Boolean).pop() ?? path;
  return file.replace(/\.(accord|sqlite3?|db)$/i, '') || file;
}
