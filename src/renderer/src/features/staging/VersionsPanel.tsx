import { Button } from '../../ui/Button';
import { useCanvasStore } from '../canvas/canvasStore';
import { restoreVersion } from './stagingActions';
import { useAsset } from './useImageUrl';
import { listedVersions } from './versions';
import type { PictureVersion } from '../../../../shared/canvas/document';
import { useText } from '../../ui/i18n/textStore';

function VersionRow({ version }: { version: PictureVersion }) {
  const asset = useAsset(version.image.assetId);
  const text = useText();
  const when = text.dateTime(version.replacedAt);
  return (
    <li className="version" aria-label={text.t('strip.versions.row', { name: version.image.name, when })}>
      {asset ? <img src={asset.thumbnailUrl} alt="" /> : <span className="version-thumb" />}
      <span className="version-text">
        <span translate="no">{version.image.name}</span>
        <span className="muted small">{text.t('strip.versions.replaced', { width: version.image.width, height: version.image.height, when })}</span>
      </span>
      <Button onClick={() => restoreVersion(version)}>{text.t('strip.versions.restore')}</Button>
    </li>
  );
}

/** Every picture the project had before, to go back to (one undo step each way). Saved with the project. */
export function VersionsPanel({ onClose }: { onClose: () => void }) {
  const base = useCanvasStore((s) => s.document.base);
  const versions = useCanvasStore((s) => s.document.versions);
  const listed = listedVersions({ base, versions });
  const { t } = useText();
  return (
    <div className="versions-panel" role="dialog" aria-label={t('strip.versions.label')}>
      <div className="versions-head">
        <h3>{t('strip.versions.title')}</h3>
        <Button variant="link" onClick={onClose}>
          {t('strip.versions.close')}
        </Button>
      </div>
      {listed.length === 0 ? (
        <p className="muted">{t('strip.versions.none')}</p>
      ) : (
        <ul className="versions-list" aria-label={t('strip.versions.list')}>
          {listed.map((v) => (
            <VersionRow key={`${v.image.assetId}-${v.replacedAt}`} version={v} />
          ))}
        </ul>
      )}
    </div>
  );
}
