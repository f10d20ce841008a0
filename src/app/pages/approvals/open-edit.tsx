import type { CompiledModule } from '../../../engine';
import type { RendererHost } from '../../../renderer';
import type { PageTitleText } from '../../../renderer/host';
import { EditPage } from './EditPage';
import type { DocumentView } from './types';

/** Pushes the edit page of a document; resolves true when an edit was saved. */
export async function openEdit(host: RendererHost, title: PageTitleText, doc: DocumentView, module: CompiledModule): Promise<boolean> {
  const saved = await host.openPage<boolean>(title, (close) => <EditPage doc={doc} module={module} onSaved={() => close(true)} />);
  return saved === true;
}
