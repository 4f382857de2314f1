import { createFileRoute } from '@tanstack/react-router';
import { SignInScreen } from '../../features/exhibitor-portal/sign-in-screen';

/** `/exhibitor/sign-in?m=<mobile>`: the invitation's link fills the number in (the screen reads it). */
export const Route = createFileRoute('/exhibitor/sign-in')({ component: SignInScreen });
