import type { CoreBus } from '../bus/coreBus';
import { BuiltinSandbox } from '../connections/builtinSandbox';
import { ConnectionService } from '../connections/connectionService';
import type { CoreDeps, Logger } from '../deps';
import { KeyService } from '../keys/keyService';
import type { NoticeBoard } from '../notices/noticeBoard';
import type { Redactor } from '../secrets/redactor';
import { SecretVault } from '../secrets/secretVault';
import type { SettingsService } from '../settings/settingsService';

/**
 * The keychain, the built-in Sandbox, the connections and their keys: built in the order each needs the others,
 * each change said on the bus. The keys are read (`keys.load()`) once the bus has its subscribers.
 */
export function openAccounts(deps: CoreDeps, o: { settings: SettingsService; notices: NoticeBoard; log: Logger; redactor: Redactor; bus: CoreBus }) {
  const { settings, notices, log, bus } = o;
  const vault = new SecretVault(deps.secrets, o.redactor, log, deps.platform, undefined, { clock: deps.clock, ...(deps.keychainTimeoutMs ? { timeoutMs: deps.keychainTimeoutMs } : {}) });
  // Not waited for: a keychain stuck on an unlock prompt must not keep the window from opening (issue 23).
  void vault.probe();
  const sandbox = new BuiltinSandbox(deps.sandboxOptions ?? { timing: 'demo' }, deps.sandboxLauncher, log, {
    changed: () => bus.emit('sandbox.changed'),
    stopped: (message) => void notices.add('warning', message),
  }, {
    load: () => settings.get().sandboxPorts,
    save: (ports) => void settings.update((s) => void (s.sandboxPorts = ports)),
  });
  const connections = new ConnectionService(settings, vault, sandbox, () => bus.emit('connections.changed'), {
    ...(deps.confirmKeyDestination ? { confirm: deps.confirmKeyDestination } : {}),
    log,
  });
  const probe = { fetch: deps.fetch, clock: deps.clock, redact: (text: string) => o.redactor.redact(text), log };
  // Keys are read in the background (issue 23): what changes before start-up is over is announced at its end.
  let started = false;
  const keys = new KeyService(settings, vault, connections, probe, notices, log, () => {
    if (started) bus.emit('keys.changed');
  });
  return { vault, sandbox, connections, keys, probe, started: () => void (started = true) };
}
