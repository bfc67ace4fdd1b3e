import { useIdentity } from '../../identity/identityContext';

/**
 * The name the judge methods are called with (`viewer`, `requester`): the server refuses an
 * annotator by it. Undefined only before anyone is signed in, which the gated screens never are.
 */
export function useSignedInName(): string | undefined {
  return useIdentity().identity?.name;
}
