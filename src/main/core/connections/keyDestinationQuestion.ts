/**
 * The question main asks before a key goes to a host it was not added for. The core decides when to ask; the
 * shell shows it in a dialog the main process owns (Electron's `dialog.showMessageBox`), so the renderer can
 * neither see the question nor answer it. One wording, used by every implementation.
 */
export interface KeyDestinationQuestion {
  /**
   * `address-changed`: the connection's address is not where the key was added for (edited in Settings or in
   * settings.json); `not-yet-recorded`: a key from before Gen Studio kept track; `polling-host`: the service
   * named a host outside its own domain to follow a task.
   */
  readonly reason: 'address-changed' | 'not-yet-recorded' | 'polling-host';
  readonly keyLabel: string;
  readonly connectionLabel: string;
  /** the hosts the key would now go to, as `host[:port]` */
  readonly hosts: readonly string[];
  /** the hosts it was added for or allowed before */
  readonly knownHosts: readonly string[];
}

/** Resolves true only when the user chose to send the key there. */
export type ConfirmKeyDestination = (question: KeyDestinationQuestion) => Promise<boolean>;

export interface KeyDestinationDialog {
  readonly title: string;
  readonly message: string;
  readonly detail: string;
  /** the default, and what closing the dialog means */
  readonly cancelLabel: string;
  readonly confirmLabel: string;
}

const list = (hosts: readonly string[]) => hosts.join(', ');

export function keyDestinationDialog(q: KeyDestinationQuestion): KeyDestinationDialog {
  const key = `“${q.keyLabel}”`;
  const target = list(q.hosts);
  const known = q.knownHosts.length ? list(q.knownHosts) : 'no host yet';
  const title = 'Send your key to a new address?';
  const confirmLabel = `Send key to ${target}`;
  const cancelLabel = 'Don’t send';
  switch (q.reason) {
    case 'address-changed':
      return {
        title,
        message: `The connection “${q.connectionLabel}” now points to ${target}. Send the key ${key} there?`,
        detail: `The key was added for ${known}. If you did not change this address yourself, choose “${cancelLabel}”: something else may have edited Gen Studio’s settings to send your key elsewhere.`,
        cancelLabel,
        confirmLabel,
      };
    case 'not-yet-recorded':
      return {
        title,
        message: `Send the key ${key} to ${target} (the connection “${q.connectionLabel}”)?`,
        detail: `Gen Studio now remembers where each key may be sent, and asks before it goes anywhere else. This key was added before that, so please confirm its address once.`,
        cancelLabel,
        confirmLabel,
      };
    case 'polling-host':
      return {
        title,
        message: `The service asks Gen Studio to follow a task at ${target}, which is not part of ${known}. Send the key ${key} there?`,
        detail: `Services usually answer on hosts of their own domain. Allow this only if you know ${target} belongs to the service of “${q.connectionLabel}”.`,
        cancelLabel,
        confirmLabel,
      };
  }
}
