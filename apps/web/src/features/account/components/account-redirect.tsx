import { Navigate, useLocation } from 'react-router';

/** An old account address: the new one, with the same query and fragment, replacing it. */
export function AccountRedirect({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${search}${hash}`} replace />;
}
