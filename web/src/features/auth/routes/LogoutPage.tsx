import { useEffect } from 'react';
import { Center, Loader } from '@mantine/core';
import { useLogout } from '../../../app/useSession';

/** /logout: clears the key, the user and the cookie, then goes to `/` of the locale. */
export function LogoutPage() {
  const logout = useLogout();
  useEffect(() => {
    logout();
  }, [logout]);
  return (
    <Center py="xl">
      <Loader size="sm" />
    </Center>
  );
}
