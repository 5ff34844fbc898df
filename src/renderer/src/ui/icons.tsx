import {
  ArrowDown,
  ArrowLeftRight,
  ArrowRight,
  ArrowUp,
  AudioLines,
  Brush,
  BrushCleaning,
  Check,
  ChevronLeft,
  ChevronRight,
  CircleQuestionMark,
  Circle,
  Clapperboard,
  Copy,
  Dices,
  Eraser,
  Expand,
  ExternalLink,
  Frame,
  Grid3x3,
  GripVertical,
  House,
  Images,
  Keyboard,
  Lasso,
  ListTodo,
  Minus,
  Move,
  MoveHorizontal,
  Paintbrush,
  Palette,
  Pause,
  Play,
  Plus,
  RectangleHorizontal,
  Redo2,
  Repeat,
  Scaling,
  Settings,
  Shirt,
  SkipBack,
  SkipForward,
  Sparkles,
  SquareDashed,
  SquareStack,
  Star,
  StepBack,
  StepForward,
  Undo2,
  Volume2,
  VolumeX,
  WandSparkles,
  X,
  type LucideIcon,
} from 'lucide-react';
import type { IntentId } from '../../../shared/studio/intents';

/**
 * The app's one icon family (lucide), named by what each icon stands for: a screen of the rail, an intent, a
 * tool, an action. Imported by name so the bundle holds only these. Add a concept here rather than importing
 * lucide elsewhere, so one idea keeps one picture across screens.
 */
const SCREENS = { start: House, studio: Palette, explore: Grid3x3, batch: SquareStack, queue: ListTodo, gallery: Images, settings: Settings } as const;

const INTENTS: Readonly<Record<IntentId, LucideIcon>> = {
  create: Sparkles,
  edit: WandSparkles,
  inpaint: Paintbrush,
  expand: Expand,
  outpaint: Frame,
  'try-on': Shirt,
  'clean-up': BrushCleaning,
  video: Clapperboard,
  'upscale-video': Scaling,
};

const TOOLS = { brush: Brush, eraser: Eraser, rect: RectangleHorizontal, ellipse: Circle, lasso: Lasso, box: SquareDashed, move: Move } as const;

const ACTIONS = {
  undo: Undo2,
  redo: Redo2,
  zoomIn: Plus,
  zoomOut: Minus,
  shortcuts: Keyboard,
  help: CircleQuestionMark,
  close: X,
  star: Star,
  chosen: Check,
  becomes: ArrowRight,
  moveUp: ArrowUp,
  moveDown: ArrowDown,
  previous: ChevronLeft,
  next: ChevronRight,
  dragOut: GripVertical,
  replace: ArrowLeftRight,
  compare: MoveHorizontal,
  sound: AudioLines,
  randomSeed: Dices,
  video: Play,
  copy: Copy,
  editIn: ExternalLink,
} as const;

/** The player's transport, in the same family. */
const PLAYER = { play: Play, pause: Pause, first: SkipBack, last: SkipForward, prev: StepBack, next: StepForward, loop: Repeat, soundOn: Volume2, muted: VolumeX } as const;

type Prefixed<P extends string, T> = { readonly [K in keyof T & string as `${P}.${K}`]: LucideIcon };

function prefixed<P extends string, T extends Readonly<Record<string, LucideIcon>>>(prefix: P, group: T): Prefixed<P, T> {
  return Object.fromEntries(Object.entries(group).map(([k, v]) => [`${prefix}.${k}`, v])) as Prefixed<P, T>;
}

const ICONS = {
  ...prefixed('screen', SCREENS),
  ...prefixed('intent', INTENTS),
  ...prefixed('tool', TOOLS),
  ...prefixed('action', ACTIONS),
  ...prefixed('player', PLAYER),
};

export type IconName = keyof typeof ICONS;

/**
 * An icon beside words or inside a control that carries the name: always hidden from assistive technology, so
 * an icon-only control must name itself (aria-label). `filled` paints the shape (a star that is on).
 */
export function Icon({ name, size = 16, filled = false }: { name: IconName; size?: number; filled?: boolean }) {
  const Glyph = ICONS[name];
  return <Glyph className="icon" size={size} aria-hidden="true" focusable="false" fill={filled ? 'currentColor' : 'none'} />;
}
