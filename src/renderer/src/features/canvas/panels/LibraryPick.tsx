import type { LibraryQuery } from '../../../../../shared/ipc/contract';
import { useLibraryList } from '../../../store/useLibraryList';
import { inputNameOf } from '../../../text/taskText';
import { Button } from '../../../ui/Button';

const SHOWN = 24;
// Asked of the whole library by kind, a page at a time: the newest results at hand hold only the last 120, so an
// older picture could not be chosen; they may also be clips alone.
const PICTURES: LibraryQuery = { media: 'picture', status: 'kept', stacked: false };

/** The library's pictures to add to the reference board, newest first, with more on asking. */
export function LibraryPick({ onPick }: { onPick: (resultId: string) => void }) {
  const pictures = useLibraryList(PICTURES, SHOWN);
  return (
    <ul className="library-pick" aria-label="Library results">
      {pictures.loaded && pictures.items.length === 0 && <li className="muted">No pictures in the library yet.</li>}
      {pictures.items.map((item) => (
        <li key={item.id}>
          <Button onClick={() => onPick(item.id)} aria-label={`Add ${inputNameOf(item)}`}>
            {item.thumbnailUrl ? <img src={item.thumbnailUrl} alt="" className="reference-thumb" /> : null} {inputNameOf(item)}
          </Button>
        </li>
      ))}
      {pictures.total > pictures.items.length && (
        <li>
          <Button size="sm" variant="quiet" onClick={pictures.more} title={`${pictures.items.length} of ${pictures.total} shown`}>
            More pictures
          </Button>
        </li>
      )}
    </ul>
  );
}
