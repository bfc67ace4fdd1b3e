import { useApiQuery } from '../../api/useApiQuery';
import { workspaceName } from './workspaceName';

/** The open workspace (path, name, counts), refreshed on every workspace change. */
export function useWorkspaceInfo() {
  const query = useApiQuery('workspace.info', (api) => api['workspace.info']({}));
  return { ...query, name: query.data ? workspaceName(query.data.path) : null };
}
