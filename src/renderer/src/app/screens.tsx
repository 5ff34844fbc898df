import { lazy, type ComponentType } from 'react';
import type { MessageId } from '../../../shared/i18n/catalog';
import { BatchScreen } from '../features/batch/BatchScreen';
import { ExploreScreen } from '../features/explore/ExploreScreen';
import { HomeScreen } from '../features/home/HomeScreen';
import { GalleryScreen } from '../features/gallery/GalleryScreen';
import { QueueScreen } from '../features/queue/QueueScreen';
import { SettingsScreen } from '../features/settings/SettingsScreen';
import type { IconName } from '../ui/icons';

export interface Screen {
  readonly id: string;
  /** its name on the rail, from the catalogs */
  readonly label: MessageId;
  /** The rail's icon. */
  readonly icon: IconName;
  readonly component: ComponentType;
}

/**
 * The canvas (Konva and its tools, a third of the renderer's code) loads when first shown, not at start-up:
 * the first screen is usable sooner (bench/startup.ts). App.tsx's Suspense covers the moment it loads.
 */
const CanvasScreen = lazy(() => import('./CanvasScreen').then((m) => ({ default: m.CanvasScreen })));

/** The app's top-level screens, in rail order. Each feature adds its own entry here. */
export const SCREENS: readonly Screen[] = [
  { id: 'home', label: 'screen.start', icon: 'screen.start', component: HomeScreen },
  { id: 'canvas', label: 'screen.studio', icon: 'screen.studio', component: CanvasScreen },
  { id: 'explore', label: 'screen.explore', icon: 'screen.explore', component: ExploreScreen },
  { id: 'batch', label: 'screen.batch', icon: 'screen.batch', component: BatchScreen },
  { id: 'queue', label: 'screen.queue', icon: 'screen.queue', component: QueueScreen },
  { id: 'library', label: 'screen.gallery', icon: 'screen.gallery', component: GalleryScreen },
  { id: 'settings', label: 'screen.settings', icon: 'screen.settings', component: SettingsScreen },
];
