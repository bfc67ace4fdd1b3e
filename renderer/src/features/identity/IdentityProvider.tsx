import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AnnotatorRole } from '../../../../electron/api/contract';
import { useDataVersion, useTransport } from '../../api/apiContext';
import { IdentityContext } from './identityContext';
import { loadIdentity, saveIdentity, type Identity } from './identityStore';
import { WhoAreYouDialog } from './WhoAreYouDialog';
import { SignedOutPage, TeamIdentityDialog, useServerSession } from './TeamIdentity';

/**
 * Remembers who uses this window (localStorage) and keeps it true to the workspace: on load
 * the workspace's record of the person wins (a lead may have changed their role), and a
 * person the workspace does not know yet (another workspace, same window) is added.
 */
export function IdentityProvider({ children }: { children: ReactNode }) {
  const session = useServerSession();
  // A team server says who this page is (its invite); until it has answered, nothing asks "Who are you?".
  if (session === 'pending') return null;
  if (session?.mode === 'signed-out') return <SignedOutPage message={session.message} unsaved={session.unsaved} />;
  if (session?.mode === 'team') return <TeamIdentityProvider person={{ name: session.person, role: session.role }}>{children}</TeamIdentityProvider>;
  return <WindowIdentityProvider>{children}</WindowIdentityProvider>;
}

/** Team mode: the person of the invite, fixed; nobody switches to someone else. */
function TeamIdentityProvider({ person, children }: { person: Identity; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const value = useMemo(
    () => ({
      identity: person,
      team: true,
      signIn: async () => {
        throw new Error('On a team server you are who your invite says; open another person’s invite link to act as them.');
      },
      openSwitcher: () => setOpen(true),
    }),
    [person],
  );
  return (
    <IdentityContext.Provider value={value}>
      {children}
      {open && <TeamIdentityDialog person={person} onClose={() => setOpen(false)} />}
    </IdentityContext.Provider>
  );
}

/** Desktop and single-user browser mode: the window says who uses it, remembered in localStorage. */
function WindowIdentityProvider({ children }: { children: ReactNode }) {
  const transport = useTransport();
  const api = transport.client;
  const { bump } = useDataVersion();
  // The transport names this person on every call from the first render on (children's effects
  // run before this component's), so the server knows who asks (DESIGN.md §1).
  const [identity, setIdentity] = useState<Identity | null>(() => {
    const stored = loadIdentity(window.localStorage);
    transport.setCaller(stored?.name ?? null);
    return stored;
  });
  const [switcherOpen, setSwitcherOpen] = useState(false);

  const remember = useCallback(
    (next: Identity) => {
      saveIdentity(window.localStorage, next);
      transport.setCaller(next.name);
      setIdentity(next);
    },
    [transport],
  );

  useEffect(() => {
    const stored = loadIdentity(window.localStorage);
    if (!stored) return;
    let current = true;
    api['annotators.list']({}).then(
      async (annotators) => {
        const known = annotators.find((a) => a.name === stored.name);
        // A person deactivated (or merged) since: nobody acts as them, so this window asks again.
        if (known && !known.active) {
          if (!current) return;
          saveIdentity(window.localStorage, null);
          transport.setCaller(null);
          setIdentity(null);
          return;
        }
        if (known) {
          if (current && known.role !== stored.role) remember({ name: known.name, role: known.role });
          return;
        }
        await api['annotators.identify'](stored);
      },
      () => undefined, // the connection alert of the shell says what is wrong
    );
    return () => {
      current = false;
    };
  }, [api, remember, transport]);

  const signIn = useCallback(
    async (name: string, role: AnnotatorRole, force = false) => {
      const { annotator } = await api['annotators.identify']({ name, role, force });
      remember({ name: annotator.name, role: annotator.role });
      bump();
    },
    [api, remember, bump],
  );

  const value = useMemo(() => ({ identity, signIn, openSwitcher: () => setSwitcherOpen(true) }), [identity, signIn]);
  return (
    <IdentityContext.Provider value={value}>
      {children}
      {switcherOpen && <WhoAreYouDialog onClose={() => setSwitcherOpen(false)} />}
    </IdentityContext.Provider>
  );
}
