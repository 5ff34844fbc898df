import type { ComponentType } from 'react';
import { HomeScreen } from '../features/home/HomeScreen';

export interface Screen {
  readonly id: string;
  readonly label: string;
  /** One character or short glyph for the rail. */
  readonly glyph: string;
  readonly component: ComponentType;
}

/** The app's top-level screens, in rail order. Each feature adds its own entry here. */
export const SCREENS: readonly Screen[] = [{ id: 'home', label: 'Start', glyph: '⌂', component: HomeScreen }];
