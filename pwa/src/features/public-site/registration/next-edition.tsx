import { lazy, Suspense, useState } from 'react';
import { ChunkBoundary } from '@pwa/components/chunk-boundary';
import { useLocale } from '../i18n/locale';

const NextEditionForm = lazy(() => import('./next-edition-form'));

/**
 * The "Tell me about the next edition" button under an ended event's closed line; its form (with the
 * rules and the sender) loads when pressed.
 */
export function NextEdition() {
  const [open, setOpen] = useState(false);
  const { t } = useLocale();
  if (!open) {
    return (
      <button type="button" className="button button--secondary next-edition__open" onClick={() => setOpen(true)}>
        {t('Tell me about the next edition')}
      </button>
    );
  }
  return (
    <ChunkBoundary>
      <Suspense fallback={null}>
        <NextEditionForm />
      </Suspense>
    </ChunkBoundary>
  );
}
