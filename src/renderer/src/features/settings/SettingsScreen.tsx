import { AppearanceSection } from './AppearanceSection';
import { EditorSection } from './EditorSection';
import { ConnectionsSection } from './ConnectionsSection';
import { KeysSection } from './KeysSection';
import { LanguageSection } from './LanguageSection';
import { PreferencesSection } from './PreferencesSection';
import { SpendingSection } from './SpendingSection';
import '../../ui/ui.css';
import { UpdatesSection } from './UpdatesSection';
import '../../ui/buttons.css';
import './settings.css';
import { useText } from '../../ui/i18n/textStore';

export function SettingsScreen() {
  const { t } = useText();
  return (
    <div className="screen settings">
      <h1>{t('screen.settings')}</h1>
      <KeysSection />
      <ConnectionsSection />
      <SpendingSection />
      <PreferencesSection />
      <AppearanceSection />
      <LanguageSection />
      <EditorSection />
      <UpdatesSection />
    </div>
  );
}
