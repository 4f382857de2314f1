import { createFileRoute, redirect } from '@tanstack/react-router';
import { loginSearchSchema } from '../../features/auth/login-search';

// `/panel/login`, the login screen's second address, is an alias of `/panel`.
export const Route = createFileRoute('/panel/login')({
  validateSearch: loginSearchSchema,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/panel', search, replace: true });
  },
});
