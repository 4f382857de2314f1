import { useBlocker } from '@tanstack/react-router';
import { DiscardChangesDialog } from './dialog';

/**
 * While `when` is true, leaving this page (a link, Back, closing the tab) asks first; staying changes
 * nothing. Kept apart from the dialog, which the public pages use without the router.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => current.pathname !== next.pathname,
    enableBeforeUnload: () => when,
    disabled: !when,
    withResolver: true,
  });
  return blocker.status === 'blocked' ? <DiscardChangesDialog onKeep={blocker.reset} onDiscard={blocker.proceed} /> : null;
}
