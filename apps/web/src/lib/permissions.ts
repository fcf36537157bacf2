// What the signed-in user may do, from the permissions of the session profile. The UI hides what
// the user may not do; the server checks again on every call.
import { useMemo } from 'react';
import { useSession } from './session';

export function usePermissions() {
  const { user } = useSession();
  return useMemo(() => {
    const held = new Set(user?.permissions ?? []);
    return { can: (permission: string) => held.has(permission) };
  }, [user?.permissions]);
}
