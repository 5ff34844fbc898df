import type { ComponentType } from 'react';
import { CanvasScreen } from '../features/canvas/CanvasScreen';
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

/** The app's top-level screens, in rail order. Each feature adds its own entry here. */
export const SCREENS: readonly Screen[] = [
  { id: 'home', label: 'Start', glyph: '⌂', component: HomeScreen },
  { id: 'canvas', label: 'Canvas', glyph: '✎', component: CanvasScreen },
  { id: 'queue', label: 'Queue', glyph: '☰', component: QueueScreen },
  { id: 'library', label: 'Gallery', glyph: '▦', component: GalleryScreen },
  { id: 'settings', label: 'Settings', glyph: '⚙', component: SettingsScreen },
];
