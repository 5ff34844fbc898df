import { lazy, type ComponentType } from 'react';
import { BatchScreen } from '../features/batch/BatchScreen';
import { ExploreScreen } from '../features/explore/ExploreScreen';
import { HomeScreen } from '../features/home/HomeScreen';
import { GalleryScreen } from '../features/gallery/GalleryScreen';
import { QueueScreen } from '../features/queue/QueueScreen';
import { SettingsScreen } from '../features/settings/SettingsScreen';

export interface Screen {
  readonly id: string;
  readonly label: string;
  /** One character or short glyph for the rail. */
  readonly glyph: string;
  readonly component: ComponentType;
}

/**
 * The canvas (Konva and its tools, a third of the renderer's code) loads when first shown, not at start-up:
 * the first screen is usable sooner (bench/startup.ts). App.tsx's Suspense covers the moment it loads.
 */
const CanvasScreen = lazy(() => import('./CanvasScreen').then((m) => ({ default: m.CanvasScreen })));

/** The app's top-level screens, in rail order. Each feature adds its own entry here. */
export const SCREENS: readonly Screen[] = [
  { id: 'home', label: 'Start', glyph: '⌂', component: HomeScreen },
  { id: 'canvas', label: 'Studio', glyph: '✎', component: CanvasScreen },
  { id: 'explore', label: 'Explore', glyph: '▤', component: ExploreScreen },
  { id: 'batch', label: 'Batch', glyph: '▣', component: BatchScreen },
  { id: 'queue', label: 'Queue', glyph: '☰', component: QueueScreen },
  { id: 'library', label: 'Gallery', glyph: '▦', component: GalleryScreen },
  { id: 'settings', label: 'Settings', glyph: '⚙', component: SettingsScreen },
];
