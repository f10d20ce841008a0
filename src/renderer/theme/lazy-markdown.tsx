import { createElement, lazy, Suspense, type ComponentProps } from 'react';
import type { Markdown as RealMarkdown } from 'markdown-to-jsx/react';

const Loaded = lazy(async () => ({ default: (await import('markdown-to-jsx/react')).Markdown }));

/**
 * The form library's Markdown component, loaded when a description, help or message asks for
 * markdown (`ui:enableMarkdownInDescription`, which no definition sets today). The build points
 * the form library's import here (vite.config.ts), so the parser (~36 KB gzip, a quarter of the
 * renderer's chunk) is not downloaded with every form. Until it is in, the text shows as it is.
 */
export function Markdown(props: ComponentProps<typeof RealMarkdown>) {
  return createElement(Suspense, { fallback: props.children }, createElement(Loaded, props));
}
