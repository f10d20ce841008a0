import type { ReactNode } from 'react';
import { DocumentPdfRegular, DocumentRegular, DocumentRibbonRegular, DocumentTableRegular, FolderZipRegular, ImageRegular } from '@fluentui/react-icons';
import { useWidgetText } from '../text';
import type { FileKind } from './file-format';

const ICONS = {
  image: ImageRegular,
  pdf: DocumentPdfRegular,
  spreadsheet: DocumentTableRegular,
  ofd: DocumentRibbonRegular,
  zip: FolderZipRegular,
  other: DocumentRegular,
} as const;

/** The type icon of a file (spec 000 §3 kinds), labelled with the kind for screen readers. */
export function FileKindIcon({ kind }: { kind: FileKind }): ReactNode {
  const text = useWidgetText();
  const Icon = ICONS[kind];
  return <Icon role="img" aria-label={text(`upload.kind.${kind}`)} fontSize={20} data-kind={kind} />;
}
