import { AppearanceSection } from './AppearanceSection';
import { EditorSection } from './EditorSection';
import { ConnectionsSection } from './ConnectionsSection';
import { KeysSection } from './KeysSection';
import { PreferencesSection } from './PreferencesSection';
import { SpendingSection } from './SpendingSection';
import '../../ui/ui.css';
import { UpdatesSection } from './UpdatesSection';
import '../../ui/buttons.css';
import './settings.css';

export function SettingsScreen() {
  return (
    <div className="screen settings">
      <h1>Settings</h1>
      <KeysSection />
      <ConnectionsSection />
      <SpendingSection />
      <PreferencesSection />
      <AppearanceSection />
      <EditorSection />
      <UpdatesSection />
    </div>
  );
}
