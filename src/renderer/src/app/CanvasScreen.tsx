import { PICTURE_ACCEPT } from '../../../shared/layers/layeredFiles';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { megapixels } from '../../../shared/media/imageHeader';
import { documentUse } from '../../../shared/canvas/request';
import { importDroppedLinks, importInto, type DropTarget } from '../features/canvas/actions';
import { assetUrl } from '../features/canvas/assets';
import { selectEndpoint, useCanvasStore } from '../features/canvas/canvasStore';
import { CanvasManager } from '../features/canvas/konva/CanvasManager';
import { useCursorStore } from '../features/canvas/store/cursorStore';
import { BoxesPanel } from '../features/canvas/panels/BoxesPanel';
import { FramePanel } from '../features/canvas/panels/FramePanel';
import { HelpOverlay } from '../features/canvas/panels/HelpOverlay';
import { LayersPanel } from '../features/canvas/panels/LayersPanel';
import { MaskPanel } from '../features/canvas/panels/MaskPanel';
import { ProjectsPanel } from '../features/canvas/panels/ProjectsPanel';
import { ReferenceBoard } from '../features/canvas/panels/ReferenceBoard';
import { CanvasMessage } from '../features/canvas/panels/CanvasMessage';
import { ToolBar, type ViewControls } from '../features/canvas/panels/ToolBar';
import { listen } from '../ui/listen';
import { useProjectStore } from '../features/canvas/project/projectStore';
import { startProjectSync } from '../features/canvas/project/projectSync';
import { handleShortcut } from '../features/canvas/shortcuts';
import { StudioPanel } from '../features/studio/StudioPanel';
import { ReopenDialog } from '../features/canvas/project/ReopenDialog';
import { ResultsStrip } from '../features/staging/ResultsStrip';
import { intentFor } from '../../../shared/studio/intents';
import { KeyframeView } from '../features/video/KeyframeView';
import { Timeline } from '../features/video/Timeline';
import '../ui/ui.css';
import '../ui/dialog.css';
import '../features/canvas/canvas.css';
import { EditorNote } from '../features/editor/EditorNote';
import { EditInMenu } from '../features/editor/EditInMenu';
import { CopyPicture } from '../features/clipboard/CopyPicture';
import { FileButton } from '../ui/FileButton';
import { currentText, useText } from '../ui/i18n/textStore';

function StatusBar() {
  const { t } = useText();
  const base = useCanvasStore((s) => s.document.base);
  const cursor = useCursorStore((s) => s.cursor);
  const scale = useCanvasStore((s) => s.view.scale);
  const inside = cursor && base && cursor.x >= 0 && cursor.y >= 0 && cursor.x < base.width && cursor.y < base.height;
  return (
    <div className="canvas-status" aria-label={t('canvas.status')}>
      <span aria-label={t('canvas.status.size')}>{base ? t('canvas.status.sizeValue', { width: String(base.width), height: String(base.height), megapixels: megapixels(base.width, base.height)}) : t('canvas.status.noPicture')}</span>
      <span aria-label={t('canvas.status.cursor')}>{inside ? t('canvas.status.cursorValue', { x: String(Math.floor(cursor.x)), y: String(Math.floor(cursor.y)) }) : '–'}</span>
      <span>{t('canvas.zoom.percent', { scale })}</span>
    </div>
  );
}

/** What a drop does, by where it lands: the user picks picture, references or mask as they drop. */
function dropTargets(): { target: DropTarget; label: string; name: string }[] {
  const { t } = currentText();
  const s = useCanvasStore.getState();
  const use = documentUse(selectEndpoint(s), s.document);
  const hasBase = s.document.base !== null;
  const targets: { target: DropTarget; label: string; name: string }[] = [
    hasBase ? { target: 'base', label: t('canvas.drop.replace'), name: t('canvas.drop.replaceLabel') } : { target: 'base', label: t('canvas.drop.open'), name: t('canvas.drop.openLabel') },
  ];
  if (use.referenceFields.length > 0) targets.push({ target: 'references', label: t('canvas.drop.references'), name: t('canvas.drop.referencesLabel') });
  if (hasBase && (use.maskField !== null || use.alphaMask)) targets.push({ target: 'mask', label: t('canvas.drop.mask'), name: t('canvas.drop.maskLabel') });
  return targets;
}

/** Files, or a browser's image link, from a drop. */
function dropInto(transfer: DataTransfer, target: DropTarget): void {
  const files = [...transfer.files];
  if (files.length > 0) void importInto(files, target);
  else void importDroppedLinks(transfer, target);
}

function DropTargets({ onDone }: { onDone: () => void }) {
  const [over, setOver] = useState<DropTarget | null>(null);
  return (
    <div
      className="drop-targets"
      onDragLeave={(e) => {
        const box = e.currentTarget.getBoundingClientRect();
        const inside = e.clientX > box.left && e.clientX < box.right && e.clientY > box.top && e.clientY < box.bottom;
        if (!inside) onDone();
      }}
    >
      {dropTargets().map(({ target, label, name }) => (
        <div
          key={target}
          className={`drop-target${over === target ? ' over' : ''}`}
          role="group"
          aria-label={name}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(target);
          }}
          onDrop={(e) => {
            e.preventDefault();
            e.stopPropagation();
            onDone();
            dropInto(e.dataTransfer, target);
          }}
        >
          {label}
        </div>
      ))}
    </div>
  );
}

/** The canvas: the picture with its mask, frame and boxes in the middle, tools above, panels beside. */
export function CanvasScreen() {
  // Long (over 80 lines) as the canvas screen's frame: the Konva stage's lifetime, the file drop, the view controls
  // and the panels around it share the manager ref.
  const { t } = useText();
  const host = useRef<HTMLDivElement>(null);
  const manager = useRef<CanvasManager | null>(null);
  const hasBase = useCanvasStore((s) => s.document.base !== null);
  const helpOpen = useCanvasStore((s) => s.helpOpen);
  const video = useCanvasStore((s) => intentFor(s.document.intent, s.document.endpointId).id === 'video');
  // Upscaling works on a clip chosen in the panel: an invitation to open a picture would point the wrong way.
  const clipOnly = useCanvasStore((s) => intentFor(s.document.intent, s.document.endpointId).id === 'upscale-video');
  const ready = useProjectStore((s) => s.status !== 'loading');
  const [dropping, setDropping] = useState(false);

  const view: ViewControls = {
    fit: () => manager.current?.fit(),
    actualSize: () => manager.current?.actualSize(),
    zoomBy: (factor) => manager.current?.zoomAt(factor),
  };

  useEffect(() => startProjectSync(), []);

  // A drag that ends anywhere (dropped elsewhere, cancelled with Esc, left the window) takes the drop targets away.
  useEffect(() => {
    if (!dropping) return;
    const done = () => setDropping(false);
    // Drag events do not say reliably where the pointer went (relatedTarget is often null), so position decides.
    const left = (e: WindowEventMap['dragleave']) => {
      if (e.clientX <= 0 || e.clientY <= 0 || e.clientX >= window.innerWidth || e.clientY >= window.innerHeight) done();
    };
    const offs = [listen('drop', done), listen('dragend', done), listen('dragleave', left)];
    return () => offs.forEach((off) => off());
  }, [dropping]);

  useEffect(() => {
    const el = host.current;
    if (!el || !ready) return;
    const m = new CanvasManager(el, assetUrl);
    manager.current = m;
    const resize = new ResizeObserver(() => m.resize(el.clientWidth, el.clientHeight));
    resize.observe(el);
    return () => {
      resize.disconnect();
      m.destroy();
      manager.current = null;
    };
  }, [ready]);

  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      if (e.key === ' ' && !(e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement || e.target instanceof HTMLButtonElement)) {
        e.preventDefault();
        manager.current?.setSpace(true);
        return;
      }
      if (handleShortcut(e, view)) e.preventDefault();
    };
    const up = (e: KeyboardEvent) => {
      if (e.key === ' ') manager.current?.setSpace(false);
    };
    // A paste is heard app-wide (features/clipboard), so the studio and Batch take pictures the same way.
    const offs = [listen('keydown', down), listen('keyup', up)];
    return () => offs.forEach((off) => off());
  });

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDropping(false);
    dropInto(e.dataTransfer, 'canvas');
  };

  if (!ready) {
    return (
      <div className="canvas-screen canvas-opening">
        <p role="status" aria-label={t('canvas.project.saveStatus')}>
          {t('canvas.project.opening')}
        </p>
      </div>
    );
  }

  return (
    <div className="canvas-screen">
      {/* Every screen has one top-level heading, for finding one's way by headings; the studio's is not shown. */}
      <h1 className="visually-hidden">{t('screen.studio')}</h1>
      <ToolBar view={view}>
        <CopyPicture />
        <EditInMenu />
      </ToolBar>
      <div className="canvas-body">
        <div className="canvas-centre">
          <CanvasMessage />
          <EditorNote />
          <div
            ref={host}
            className={`canvas-stage${dropping ? ' dropping' : ''}`}
            role="application"
            aria-label={t('canvas.stage')}
            aria-roledescription={t('canvas.stage.role')}
            tabIndex={0}
            onDragOver={(e) => {
              e.preventDefault();
              setDropping(true);
            }}
            onDrop={drop}
          />
          {dropping && <DropTargets onDone={() => setDropping(false)} />}
          {video && <KeyframeView stage={host} />}
          {!hasBase && clipOnly && (
            <div className="canvas-empty">
              <p>{t('canvas.empty.clip')}</p>
            </div>
          )}
          {!hasBase && !video && !clipOnly && (
            <div className="canvas-empty">
              <p>{t('canvas.empty.drop')}</p>
              <FileButton variant="primary" accept={PICTURE_ACCEPT} label={t('canvas.empty.openLabel')} onFiles={(files) => importInto(files, 'base')}>
                {t('canvas.empty.open')}
              </FileButton>
            </div>
          )}
          {video && <Timeline />}
          <ResultsStrip stage={host} />
          <StatusBar />
        </div>
        <aside className="canvas-side" aria-label={t('canvas.panels')}>
          {/* the panels' headings (h3) sit under this one, as the strip's and the timeline's sit under the studio's h1 */}
          <h2 className="visually-hidden">{t('canvas.panels')}</h2>
          <StudioPanel />
          {hasBase && (
            <section className="canvas-panel" data-panel="picture" aria-label={t('canvas.layer.base')}>
              <FileButton accept={PICTURE_ACCEPT} label={t('canvas.drop.replace')} onFiles={(files) => importInto(files, 'base')}>
                {t('canvas.picture.replace')}
              </FileButton>
            </section>
          )}
          <LayersPanel />
          <MaskPanel />
          <FramePanel />
          <ReferenceBoard />
          <BoxesPanel />
          <ProjectsPanel />
        </aside>
      </div>
      {helpOpen && <HelpOverlay />}
      <ReopenDialog />
    </div>
  );
}
