import { Button } from '../../ui/Button';
import { useEffect, useRef } from 'react';
import { useNavigationStore } from '../../store/navigationStore';
import { listen } from '../../ui/listen';
import { useHelpStore } from './helpStore';
import { useText } from '../../ui/i18n/textStore';
import { ServiceReference } from './ServiceReference';
import './welcome.css';
import { Icon } from '../../ui/icons';

/** The service reference for the curious: paths, field tables and how sure each fact is, out of the main flow. */
export function HelpDrawer() {
  const open = useHelpStore((s) => s.open);
  const close = useHelpStore((s) => s.close);
  const { t } = useText();
  const panel = useRef<HTMLDivElement>(null);
  // Going to another screen (Show in queue, from the form) leaves the reference.
  useEffect(() => useNavigationStore.subscribe((s, prev) => s.screenId !== prev.screenId && close()), [close]);
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    const off = listen('keydown', (e) => {
      if (e.key === 'Escape') close();
    });
    return () => {
      off();
      previous?.focus();
    };
  }, [open, close]);
  if (!open) return null;
  return (
    <div className="help-backdrop" onClick={(e) => e.target === e.currentTarget && close()}>
      <div ref={panel} className="help-drawer" role="dialog" aria-modal="true" aria-label={t('help.drawer.label')} tabIndex={-1}>
        <div className="help-head">
          <span className="muted">{t('help.drawer.lead')}</span>
          <Button onClick={close}>{t('ui.close')}</Button>
        </div>
        <div className="help-body">
          <ServiceReference />
        </div>
      </div>
    </div>
  );
}

/** Opens the reference from anywhere. */
export function HelpButton() {
  const { t } = useText();
  return (
    <Button className="help-button" onClick={() => useHelpStore.getState().show()} aria-label={t('help.button')} title={t('help.buttonTitle')}>
      <Icon name="action.help" />
    </Button>
  );
}
