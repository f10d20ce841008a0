import { lazy, Suspense } from 'react';
import { Spinner } from '@fluentui/react-components';
import type { PageStack } from '../../navigation';

const StudioPage = lazy(async () => ({ default: (await import('./StudioPage')).StudioPage }));

/** Pushes the module studio (its code, CodeMirror included, loads only now). */
export function openStudio(stack: PageStack): void {
  void stack.push({
    title: { key: 'studio.title' },
    // A desktop gets the screen's width (a 480 px column wasted it): the list beside the new-module form.
    wide: true,
    render: () => (
      <Suspense fallback={<Spinner />}>
        <StudioPage />
      </Suspense>
    ),
  });
}
