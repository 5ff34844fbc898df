import { megapixels } from '../../../../../shared/media/imageHeader';
import type { Expansion, OutpaintFrame } from '../../../../../shared/canvas/document';
import { clampOutpaint } from '../../../../../shared/canvas/outpaintFrame';
import { canvasUse, expandedSize, marginsForAspect } from '../../../../../shared/canvas/request';
import { selectEndpoint, useCanvasStore } from '../canvasStore';
import { NumberInput } from './NumberInput';
import { Button } from '../../../ui/Button';
import { useText } from '../../../ui/i18n/textStore';
import type { MessageId } from '../../../../../shared/i18n/catalog';

const PRESETS: readonly [string, number][] = [
  ['1:1', 1],
  ['4:3', 4 / 3],
  ['3:2', 3 / 2],
  ['16:9', 16 / 9],
  ['9:16', 9 / 16],
  ['2:3', 2 / 3],
];
const SIDES: readonly (keyof Expansion)[] = ['top', 'bottom', 'left', 'right'];
const FRAME_FIELDS: readonly (readonly [keyof OutpaintFrame, MessageId])[] = [
  ['width', 'canvas.frame.width'],
  ['height', 'canvas.frame.height'],
  ['offsetX', 'canvas.frame.offsetX'],
  ['offsetY', 'canvas.frame.offsetY'],
];

export function FramePanel() {
  // Long (over 80 lines) for its markup: two panels in one (the outpaint frame and the expand margins), whichever the
  // model takes, each with its own controls.
  const { t } = useText();
  const document = useCanvasStore((s) => s.document);
  const endpoint = useCanvasStore(selectEndpoint);
  const use = canvasUse(endpoint);
  const { changeLayer } = useCanvasStore.getState();
  const change = (label: string, recipe: Parameters<typeof changeLayer>[2]) => changeLayer('expansion', label, recipe);
  const base = document.base;
  if (use.expandSides.length === 0 && !use.outpaint) return null;

  if (use.outpaint) {
    const frame = document.outpaint;
    const fit = (f: OutpaintFrame) => (base ? clampOutpaint(f, base, endpoint) : f);
    const set = (patch: Partial<OutpaintFrame>, label: string) => change(label, (d) => (d.outpaint ? { ...d, outpaint: fit({ ...d.outpaint, ...patch }) } : d));
    return (
      <section className="canvas-panel" data-panel="frame" aria-label={t('canvas.frame.title')}>
        <h3>{t('canvas.frame.title')}</h3>
        {!frame ? (
          <Button
            disabled={!base}
            onClick={() =>
              base &&
              change('Add outpaint frame', (d) => ({
                ...d,
                outpaint: fit({ width: Math.round(base.width * 1.5), height: Math.round(base.height * 1.5), offsetX: Math.round(base.width * 0.25), offsetY: Math.round(base.height * 0.25) }),
              }))
            }
          >
            {t('canvas.frame.add')}
          </Button>
        ) : (
          <>
            <div className="number-grid">
              {FRAME_FIELDS.map(([key, label]) => (
                <label key={key}>
                  {t(label)}
                  <NumberInput
                    value={frame[key]}
                    label={t(label)}
                    min={0}
                    step={`Set frame ${key}`}
                    clamp={(n) => fit({ ...frame, [key]: n })[key]}
                    onCommit={(n) => set({ [key]: n }, `Set frame ${key}`)}
                  />
                </label>
              ))}
            </div>
            <div className="button-row">
              <Button disabled={!base} onClick={() => base && set({ offsetX: Math.round((frame.width - base.width) / 2), offsetY: Math.round((frame.height - base.height) / 2) }, 'Centre picture')}>
                {t('canvas.frame.centre')}
              </Button>
            </div>
            <p className="readout" aria-label={t('canvas.frame.outputLabel')}>
              {t('canvas.frame.output', { width: String(frame.width), height: String(frame.height), megapixels: megapixels(frame.width, frame.height)})}
            </p>
          </>
        )}
      </section>
    );
  }

  const size = expandedSize(document);
  return (
    <section className="canvas-panel" data-panel="expansion" aria-label={t('canvas.expand.title')}>
      <h3>{t('canvas.expand.title')}</h3>
      <div className="number-grid">
        {SIDES.map((side) => (
          <label key={side}>
            {t('canvas.expand.side', { side })}
            <NumberInput
              value={document.expansion[side]}
              label={t('canvas.expand.sideLabel', { side })}
              min={0}
              max={use.expandMax}
              step={`Set ${side} margin`}
              clamp={(n) => Math.max(0, Math.min(use.expandMax, n))}
              onCommit={(n) => change(`Set ${side} margin`, (d) => ({ ...d, expansion: { ...d.expansion, [side]: n } }))}
            />
          </label>
        ))}
      </div>
      <div className="button-row" role="group" aria-label={t('canvas.expand.aspect')}>
        {PRESETS.map(([label, ratio]) => (
          <Button key={label} disabled={!base} onClick={() => base && change(`Expand to ${label}`, (d) => ({ ...d, expansion: marginsForAspect(base.width, base.height, ratio, use.expandMax) }))}>
            {label}
          </Button>
        ))}
        <Button onClick={() => change('Reset margins', (d) => ({ ...d, expansion: { top: 0, bottom: 0, left: 0, right: 0 } }))}>
          {t('canvas.expand.none')}
        </Button>
      </div>
      {size && (
        <p className="readout" aria-label={t('canvas.frame.outputLabel')}>
          {t('canvas.expand.output', { width: String(size.width), height: String(size.height), megapixels: megapixels(size.width, size.height), max: String(use.expandMax) })}
        </p>
      )}
    </section>
  );
}
