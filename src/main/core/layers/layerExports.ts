import { basename } from 'node:path';
import sharp from 'sharp';
import type { LayeredSource } from '../../../shared/ipc/contract';
import type { LayeredFormat } from '../../../shared/layers/layeredDocument';
import type { DesktopShell, Logger, NativeDrag } from '../deps';
import { pictures } from '../i18n/pictureWords';
import { refusedWith } from '../i18n/refusal';
import { buildLayered, type LayeredPlan, type LayerSources } from './buildLayered';
import { layeredBytes, writeLayeredFile } from './encodeLayered';
import { projectSources, type SourceDeps } from './layerSources';
import { resultSources } from './resultSources';
import type { CanvasDocument } from '../../../shared/canvas/document';

const DRAG_ICON_EDGE = 96;

export interface LayerExportDeps extends SourceDeps {
  /** a project's name, document and mask PNG (null while nothing is painted) */
  readonly project: (id: string) => Promise<{ name: string; document: CanvasDocument; mask: Uint8Array | null }>;
  readonly desktop: Pick<DesktopShell, 'chooseSavePath'>;
  /** where a dragged-out file of this name is written before the drag starts (the drag-out folder) */
  readonly dragPath: (name: string) => Promise<string>;
  readonly log: Logger;
}

/** A file name with nothing a file system refuses. */
const safeName = (name: string) =>
  [...name]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .trim()
    .slice(0, 120) || 'Gen Studio';

/**
 * "Export layers…" and dragging the same file out: a project or a result as a PSD or OpenRaster file, built by
 * buildLayered and written by encodeLayered.
 */
export class LayerExports {
  constructor(private readonly d: LayerExportDeps) {}

  private async sources(source: LayeredSource): Promise<{ name: string; sources: LayerSources }> {
    if (source.kind === 'result') {
      const item = this.d.result(source.resultId);
      if (!item) throw refusedWith('not-found', pictures.resultGone);
      if (!item.mime.startsWith('image/')) throw refusedWith('invalid-request', pictures.videoHasNoLayers);
      return { name: item.fileName.replace(/\.[^.]+$/, ''), sources: await resultSources(this.d, source.resultId) };
    }
    const project = await this.d.project(source.projectId);
    if (!project.document.base) throw refusedWith('invalid-request', pictures.noPictureToExport(project.name));
    return { name: project.name, sources: await projectSources(this.d, { ...project, shownResultId: source.shownResultId }) };
  }

  private async document(source: LayeredSource, format: LayeredFormat): Promise<{ name: string; doc: LayeredPlan }> {
    const { name, sources } = await this.sources(source);
    const doc = await buildLayered(sources).catch((error: unknown) => {
      this.d.log.warn('layers could not be built', { error: error instanceof Error ? error.message : 'unknown' });
      throw refusedWith('internal', pictures.layersUnreadable);
    });
    return { name: `${safeName(name)}.${format}`, doc };
  }

  /** The file's bytes alone (an "Edit in…" working copy, written into the project's folder). */
  async encode(source: LayeredSource, format: LayeredFormat): Promise<Uint8Array> {
    return layeredBytes((await this.document(source, format)).doc, format);
  }

  async export(source: LayeredSource, format: LayeredFormat): Promise<{ saved: boolean; fileName: string | null }> {
    const named = source.kind === 'project' ? (await this.d.project(source.projectId)).name : (this.d.result(source.resultId)?.fileName.replace(/\.[^.]+$/, '') ?? 'result');
    const target = await this.d.desktop.chooseSavePath({ defaultName: `${safeName(named)}.${format}`, format });
    if (!target) return { saved: false, fileName: null };
    const { doc } = await this.document(source, format);
    // streamed to the file as it is made, so the whole file is never held in memory
    await writeLayeredFile(doc, format, target).catch((error: unknown) => {
      this.d.log.warn('layers could not be written', { error: error instanceof Error ? error.message : 'unknown' });
      throw refusedWith('internal', pictures.layersNotWritten(basename(target)));
    });
    return { saved: true, fileName: basename(target) };
  }

  async dragOut(source: LayeredSource, format: LayeredFormat, startDrag: (drag: NativeDrag) => void): Promise<void> {
    const { name, doc } = await this.document(source, format);
    const file = await this.d.dragPath(name);
    await writeLayeredFile(doc, format, file);
    const icon = await sharp(await doc.composite.png())
      .resize(DRAG_ICON_EDGE, DRAG_ICON_EDGE, { fit: 'inside' })
      .png()
      .toBuffer();
    startDrag({ file, icon: new Uint8Array(icon) });
  }
}
