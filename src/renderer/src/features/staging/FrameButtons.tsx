import { Button } from '../../ui/Button';
import { FRAME_ACTIONS, type FrameAction } from './frameActions';
import { useText } from '../../ui/i18n/textStore';

/** A button for each thing the frame on screen can become; `onUse` runs it where the player is. */
export function FrameButtons({ disabled, onUse }: { disabled?: boolean; onUse: (action: FrameAction) => void }) {
  const { t } = useText();
  return (
    <>
      {FRAME_ACTIONS.map((a) => (
        <Button key={a.id} size="sm" variant={a.primary ? 'primary' : 'default'} disabled={disabled} title={t(a.hint)} onClick={() => onUse(a)}>
          {t(a.label)}
        </Button>
      ))}
    </>
  );
}
