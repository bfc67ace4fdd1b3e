import { useIdentity } from '../../identity/identityContext';

/**
 * Who is signed in, for the judge screens' query keys: the transport names the caller on every
 * call and the server refuses an annotator, so a switch of person must ask again. Undefined only
 * before anyone is signed in, which the gated screens never are.
 */
export function useSignedInName(): string | undefined {
  return useIdentity().identity?.name;
}
