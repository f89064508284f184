// One icon set (Lucide: plain 24-unit stroke icons, ISC, one module per icon so only the icons
// imported here end up in the build). Every icon the app shows is named in `ICONS`, and drawn
// by `Icon`, which takes its colour and size from the text around it.

import {
  ArrowDownUp,
  Bell,
  ChartLine,
  ChevronLeft,
  ChevronRight,
  ChevronsLeft,
  ChevronsRight,
  Copy,
  Download,
  Ellipsis,
  Flag,
  Flame,
  FolderOpen,
  Handshake,
  type IconNode,
  Keyboard,
  Lightbulb,
  Menu,
  MessageCircle,
  Plus,
  RotateCcw,
  Settings,
  Undo2,
  Upload,
  WifiOff,
  X,
  Zap,
} from 'lucide';
import { h } from 'preact';

/** The icons the app uses, by the name components ask for. */
const ICONS = {
  analyse: ChartLine,
  back: ChevronLeft,
  bell: Bell,
  berserk: Zap,
  chat: MessageCircle,
  close: X,
  copy: Copy,
  download: Download,
  draw: Handshake,
  fire: Flame,
  first: ChevronsLeft,
  flip: ArrowDownUp,
  forward: ChevronRight,
  hint: Lightbulb,
  last: ChevronsRight,
  more: Ellipsis,
  newGame: Plus,
  offline: WifiOff,
  pages: Menu,
  record: FolderOpen,
  rematch: RotateCcw,
  resign: Flag,
  settings: Settings,
  takeback: Undo2,
  type: Keyboard,
  upload: Upload,
} as const satisfies Record<string, IconNode>;

/** An icon's name. */
export type IconName = keyof typeof ICONS;

/** An icon, hidden from assistive technology: the control around it carries the words. */
export function Icon({ name }: { readonly name: IconName }) {
  return (
    <svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {ICONS[name].map(([tag, attrs]) => h(tag, attrs))}
    </svg>
  );
}
