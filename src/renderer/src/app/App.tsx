import { ConnectionBadge } from '../features/home/ConnectionBadge';
import { HomeScreen } from '../features/home/HomeScreen';

export function App() {
  return (
    <div className="app">
      <header className="topbar">
        <span className="brand">Gen Studio</span>
        <ConnectionBadge />
      </header>
      <main className="content">
        <HomeScreen />
      </main>
    </div>
  );
}
