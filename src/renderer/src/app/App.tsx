import { Suspense } from 'react';
import { RawIntlProvider } from 'react-intl';
import { ConnectionBadge } from '../features/home/ConnectionBadge';
import { HelpButton, HelpDrawer } from '../features/home/HelpDrawer';
import { NoticeArea } from '../features/notices/NoticeArea';
import { ImportProgress } from '../features/notices/ImportProgress';
import { useNavigationStore } from '../store/navigationStore';
import { useTextStore } from '../ui/i18n/textStore';
import { SCREENS } from './screens';
import { useCoreSync } from './useCoreSync';
import { useLanguage } from './useLanguage';
import { useTheme } from './useTheme';
import { Icon } from '../ui/icons';
import { ExportLayersDialog } from '../features/layers/ExportLayersDialog';
import { LayerPicker } from '../features/layers/LayerPicker';

export function App() {
  useCoreSync();
  useTheme();
  useLanguage();
  const intl = useTextStore((s) => s.intl);
  const { t } = useTextStore((s) => s.text);
  const screenId = useNavigationStore((s) => s.screenId) ?? SCREENS[0]!.id;
  const show = useNavigationStore((s) => s.show);
  const screen = SCREENS.find((s) => s.id === screenId) ?? SCREENS[0]!;
  const Current = screen.component;
  return (
    <RawIntlProvider value={intl}>
      <div className="app">
        <header className="topbar">
          <span className="brand" translate="no">
            Gen Studio
          </span>
          <span className="topbar-end">
            <ConnectionBadge />
            <HelpButton />
          </span>
        </header>
        <NoticeArea />
        <ImportProgress />
        <div className="body">
          <nav className="rail" aria-label={t('screen.rail')}>
            {SCREENS.map((s) => (
              <button
                key={s.id}
                type="button"
                data-screen={s.id}
                className={`rail-item${s.id === screen.id ? ' active' : ''}`}
                aria-current={s.id === screen.id ? 'page' : undefined}
                onClick={() => show(s.id)}
              >
                <Icon name={s.icon} size={20} />
                <span className="rail-label">{t(s.label)}</span>
              </button>
            ))}
          </nav>
          <main className="content" aria-label={t(screen.label)}>
            <Suspense fallback={null}>
              <Current />
            </Suspense>
          </main>
        </div>
        <HelpDrawer />
        <ExportLayersDialog />
        <LayerPicker />
      </div>
    </RawIntlProvider>
  );
}
