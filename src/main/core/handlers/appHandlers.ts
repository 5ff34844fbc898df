import type { CloseHandshake } from '../closeHandshake';
import type { CoreDeps } from '../deps';
import type { NoticeBoard } from '../notices/noticeBoard';
import type { HandlersFor } from './types';

export function appHandlers(
  deps: Pick<CoreDeps, 'version' | 'runner' | 'platform'>,
  notices: NoticeBoard,
  closing: Pick<CloseHandshake, 'ready'>,
): HandlersFor<'app.info' | 'app.notices' | 'app.dismissNotice' | 'app.readyToClose'> {
  return {
    'app.info': async () => ({ name: 'Gen Studio', version: deps.version, runner: deps.runner, platform: deps.platform }),
    'app.notices': async () => notices.list(),
    'app.dismissNotice': async ({ id }) => ({ dismissed: notices.dismiss(id) }),
    'app.readyToClose': async () => ({ closing: closing.ready() }),
  };
}
