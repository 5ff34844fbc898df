import { ENGLISH_TEXT, type AppText } from '../../../shared/i18n/text';

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

/** The dialog's words in the language chosen when it is shown (English when no text is given: the log and harness). */
export function keyDestinationDialog(q: KeyDestinationQuestion, text: AppText = ENGLISH_TEXT): KeyDestinationDialog {
  const hosts = list(q.hosts);
  const values = {
    key: q.keyLabel,
    connection: q.connectionLabel,
    hosts,
    known: q.knownHosts.length ? list(q.knownHosts) : text.t('main.dialog.key.noHostYet'),
  };
  const buttons = {
    title: text.t('main.dialog.key.title'),
    cancelLabel: text.t('main.dialog.key.dontSend'),
    confirmLabel: text.t('main.dialog.key.send', { hosts }),
  };
  switch (q.reason) {
    case 'address-changed':
      return { ...buttons, message: text.t('main.dialog.key.changed.message', values), detail: text.t('main.dialog.key.changed.detail', values) };
    case 'not-yet-recorded':
      return { ...buttons, message: text.t('main.dialog.key.notRecorded.message', values), detail: text.t('main.dialog.key.notRecorded.detail', values) };
    case 'polling-host':
      return { ...buttons, message: text.t('main.dialog.key.polling.message', values), detail: text.t('main.dialog.key.polling.detail', values) };
  }
}
