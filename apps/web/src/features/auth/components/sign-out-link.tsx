import { Button } from '@/components/ui/button';
import { useLogout } from '../api/logout';

/** On a pending sign-in step, a way to leave with another account. */
export function SignOutLink() {
  const logout = useLogout();
  return (
    <Button variant="link" loading={logout.isPending} onClick={() => logout.mutate()}>
      Sign out
    </Button>
  );
}
