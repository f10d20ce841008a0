import { lazy, Suspense } from 'react';
import { Spinner } from '@fluentui/react-components';
import type { PageStack } from '../../navigation';

const StudioPage = lazy(async () => ({ default: (await import('./StudioPage')).StudioPage }));

/** Pushes the module studio (its code, CodeMirror included, loads only now). */
export function openStudio(stack: PageStack): void {
  void stack.push({
    title: { key: 'studio.title' },
    render: () => (
      <Suspense fallback={<Spinner />}>
        <StudioPage />
      </Suspense>
    ),
  });
}
