import { createContext, useContext } from 'react';
import type { AnnotatorRole } from '../../../../electron/api/contract';
import type { Identity } from './identityStore';

/** Who is using this window, and how to change it. */
export interface IdentityState {
  /** null until the person says who they are. */
  identity: Identity | null;
  /**
   * Records who is here (creating the annotator on first use, setting the role) and remembers it.
   * `force`: a new name that differs from an existing one only by case or spacing is meant.
   */
  signIn(name: string, role: AnnotatorRole, force?: boolean): Promise<void>;
  /** Opens the "Who are you?" dialog, to switch person or role (on a team server: who the invite says, and signing out). */
  openSwitcher(): void;
  /** On a team server (`accord serve --team`): the identity is the invite's, and cannot be switched. */
  team?: boolean;
}

export const IdentityContext = createContext<IdentityState | null>(null);

/** The identity of this window. */
export function useIdentity(): IdentityState {
  const state = useContext(IdentityContext);
  if (!state) throw new Error('useIdentity outside <IdentityProvider>');
  return state;
}
