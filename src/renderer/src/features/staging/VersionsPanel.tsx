import { Button } from '../../ui/Button';
import { useCanvasStore } from '../canvas/canvasStore';
import { restoreVersion } from './stagingActions';
import { useAsset } from './useImageUrl';
import { listedVersions } from './versions';
import type { PictureVersion } from '../../../../shared/canvas/document';

function VersionRow({ version }: { version: PictureVersion }) {
  const asset = useAsset(version.image.assetId);
  const when = new Date(version.replacedAt).toLocaleString();
  return (
    <li className="version" aria-label={`${version.image.name}, replaced ${when}`}>
      {asset ? <img src={asset.thumbnailUrl} alt="" /> : <span className="version-thumb" />}
      <span className="version-text">
        <span>{version.image.name}</span>
        <span className="muted small">
          {version.image.width} × {version.image.height} · replaced {when}
        </span>
      </span>
      <Button onClick={() => restoreVersion(version)}>
        Restore
      </Button>
    </li>
  );
}

/** Every picture the project had before, to go back to (one undo step each way). Saved with the project. */
export function VersionsPanel({ onClose }: { onClose: () => void }) {
  const base = useCanvasStore((s) => s.document.base);
  const versions = useCanvasStore((s) => s.document.versions);
  const listed = listedVersions({ base, versions });
  return (
    <div className="versions-panel" role="dialog" aria-label="Versions of the picture">
      <div className="versions-head">
        <h4>Earlier pictures</h4>
        <Button variant="link" onClick={onClose}>
          Close
        </Button>
      </div>
      {listed.length === 0 ? (
        <p className="muted">The picture has not been replaced yet. When a result is accepted, the picture it replaces is kept here.</p>
      ) : (
        <ul className="versions-list" aria-label="Versions">
          {listed.map((v) => (
            <VersionRow key={`${v.image.assetId}-${v.replacedAt}`} version={v} />
          ))}
        </ul>
      )}
    </div>
  );
}
