import { lazy, Suspense } from 'react';
import { ChunkBoundary } from '@pwa/components/chunk-boundary';
import type { SavedPass } from '@pwa/offline/db';
import { NextSteps } from '../next-steps';

const PassCard = lazy(() => import('./pass-card').then((module) => ({ default: module.PassCard })));

/** What the inline form shows under itself once registered: the new pass (its code loaded only then) and what comes next. */
export function InlineSuccess({ pass }: { pass: SavedPass }) {
  return (
    <>
      <ChunkBoundary>
        <Suspense fallback={null}>
          <PassCard pass={pass} />
        </Suspense>
      </ChunkBoundary>
      <NextSteps headingLevel={3} />
    </>
  );
}
