import { lazy, type ComponentType } from 'react';
import type { MessageId } from '../../../shared/i18n/catalog';
import { BatchScreen } from '../features/batch/BatchScreen';
import { ExploreScreen } from '../features/explore/ExploreScreen';
import { HomeScreen } from '../features/home/HomeScreen';
import { GalleryScreen } from '../features/gallery/GalleryScreen';
import { QueueScreen } from '../features/queue/QueueScreen';
import { SettingsScreen } from '../features/settings/SettingsScreen';

export interface Screen {
  readonly id: string;
  /** its name on the rail, from the catalogs */
  readonly label: MessageId;
  /** One character or short glyph for the rail. */
  readonly glyph: string;
  readonly component: ComponentType;
}

/**
 * The canvas (Konva and its tools, a third of the renderer's code) loads when first shown, not at start-up:
 * the first screen is usable sooner (bench/startup.ts). App.tsx's Suspense covers the moment it loads.
 */
const CanvasScreen = lazy(() => import('../features/canvas/CanvasScreen').then((m) => ({ default: m.CanvasScreen })));

/** The app's top-level screens, in rail order. Each feature adds its own entry here. */
export const SCREENS: readonly Screen[] = [
  { id: 'home', label: 'screen.start', glyph: '⌂', component: HomeScreen },
  { id: 'canvas', label: 'screen.studio', glyph: '✎', component: CanvasScreen },
  { id: 'explore', label: 'screen.explore', glyph: '▤', component: ExploreScreen },
  { id: 'batch', label: 'screen.batch', glyph: '▣', component: BatchScreen },
  { id: 'queue', label: 'screen.queue', glyph: '☰', component: QueueScreen },
  { id: 'library', label: 'screen.gallery', glyph: '▦', component: GalleryScreen },
  { id: 'settings', label: 'screen.settings', glyph: '⚙', component: SettingsScreen },
];
