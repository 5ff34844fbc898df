import type { LibraryQuery } from '../../../../../shared/ipc/contract';
import { useLibraryList } from '../../../store/useLibraryList';
import { inputNameOf } from '../../../text/taskText';
import { Button } from '../../../ui/Button';
import { useText } from '../../../ui/i18n/textStore';

const SHOWN = 24;
// Asked of the whole library by kind, a page at a time: the newest results at hand hold only the last 120, so an
// older picture could not be chosen; they may also be clips alone.
const PICTURES: LibraryQuery = { media: 'picture', status: 'kept', stacked: false };

/** The library's pictures to add to the reference board, newest first, with more on asking. */
export function LibraryPick({ onPick }: { onPick: (resultId: string) => void }) {
  const { t } = useText();
  const pictures = useLibraryList(PICTURES, SHOWN);
  return (
    <ul className="library-pick" aria-label={t('canvas.library.results')}>
      {pictures.loaded && pictures.items.length === 0 && <li className="muted">{t('canvas.library.empty')}</li>}
      {pictures.items.map((item) => (
        <li key={item.id}>
          <Button onClick={() => onPick(item.id)} aria-label={t('canvas.library.add', { name: inputNameOf(item) })}>
            {item.thumbnailUrl ? <img src={item.thumbnailUrl} alt="" className="reference-thumb" /> : null} <span translate="no">{inputNameOf(item)}</span>
          </Button>
        </li>
      ))}
      {pictures.total > pictures.items.length && (
        <li>
          <Button size="sm" variant="quiet" onClick={pictures.more} title={t('canvas.library.shown', { shown: pictures.items.length, total: pictures.total })}>
            {t('canvas.library.more')}
          </Button>
        </li>
      )}
    </ul>
  );
}
