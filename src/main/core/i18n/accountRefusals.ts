import { words, type Words, type WordsValue } from '../../../shared/i18n/words';
import type { AnswerSaid } from '../../../shared/catalog/answerKind';

/**
 * What main says when a call about connections, keys, the keychain, spending, finetunes or settings is refused, as
 * words (`account.*` in the catalogs), so the window says them in the artist's language; names, hosts and the
 * service's own words are values, never translated.
 */
export const account = {
  connectionGone: words('account.connection.gone'),
  sandboxFixed: words('account.connection.sandboxFixed'),
  sandboxKept: words('account.connection.sandboxKept'),
  hasKeys: words('account.connection.hasKeys'),
  noKeyYet: (connection: string) => words('account.connection.noKeyYet', { connection }),
  taskConnectionGone: words('account.connection.taskConnectionGone'),
  keyGone: (connection: string) => words('account.connection.keyGone', { connection }),
  keyBeingRemoved: (key: string, connection: string) => words('account.connection.keyBeingRemoved', { key, connection }),
  keychainSilent: (key: string, backend: string) => words('account.connection.keychainSilent', { key, backend }),
  sessionKeyGone: (key: string) => words('account.connection.sessionKeyGone', { key }),
  keyNotInKeychain: (key: string, backend: string) => words('account.connection.keyNotInKeychain', { key, backend }),
  endpointWord: words('account.connection.endpointWord'),
  keyNotSent: (key: string, hosts: readonly string[], known: readonly string[] | null) =>
    known
      ? words('account.key.notSentKnown', { key, hosts: hosts.join(', '), known: known.join(', ') })
      : words('account.key.notSentUnknown', { key, hosts: hosts.join(', ') }),
  noSuchKey: words('account.key.gone'),
  noKeyWithId: words('account.key.noSuchId'),
  looksLikeKey: words('account.key.looksLikeKey'),
  keyProblem: (key: string, problem: WordsValue) => words('account.key.problem', { key, problem }),
  removedCannotUse: (key: string) => words('account.key.removedCannotUse', { key }),
  connectionOfKeyGone: words('account.key.connectionOfKeyGone'),
  removedNotTested: (key: string) => words('account.key.removedNotTested', { key }),
  keychainSilentNothingSaved: (backend: string) => words('account.keychain.silentNothingSaved', { backend }),
  keychainRefusedKey: (backend: string) => words('account.keychain.refusedKey', { backend }),
  keychainRefusedDestinations: (backend: string) => words('account.keychain.refusedDestinations', { backend }),
  settledAlready: words('account.settle.already'),
  noPriceToSettle: words('account.settle.noPrice'),
  settleNeedsDialog: words('account.settle.noDialog'),
  settleNotConfirmed: words('account.settle.notConfirmed'),
  capNeedsDialog: words('account.cap.noDialog'),
  capNotConfirmed: words('account.cap.notConfirmed'),
  finetuneNotDeleted: (id: string, why: WordsValue) => words('account.finetune.notDeleted', { id, why }),
  /** `timeout` and `cancelled` are said in words; anything else is the network's own text */
  serviceDidNotAnswer: (reason: string) => words('account.finetune.noAnswer', { reason }),
  finetuneListUnsupported: (connection: string, kind: AnswerSaid) => words('account.finetune.listUnsupported', { connection, kind }),
  finetuneListUnknownShape: (connection: string) => words('account.finetune.listUnknownShape', { connection }),
  finetuneMissing: (connection: string, id: string, said: string | null) =>
    said ? words('account.finetune.missingSaid', { connection, id, said }) : words('account.finetune.missing', { connection, id }),
  finetuneRefused: (id: string, kind: AnswerSaid, said: string | null) =>
    said ? words('account.finetune.refusedSaid', { id, kind, said }) : words('account.finetune.refused', { id, kind }),
  settingsOutOfRange: words('account.settings.outOfRange'),
  linkRefused: words('account.link.refused'),
} satisfies Record<string, Words | ((...args: never[]) => Words)>;

/** A connection's address as it is checked: the main one or the regional one. */
export type BaseUrlWhich = 'base' | 'regional';

export const urlRefusal = {
  notAddress: (which: BaseUrlWhich) => words('account.url.notAddress', { which }),
  notWeb: (which: BaseUrlWhich) => words('account.url.notWeb', { which }),
  insecure: (which: BaseUrlWhich) => words('account.url.insecure', { which }),
  credentials: (which: BaseUrlWhich) => words('account.url.credentials', { which }),
  query: (which: BaseUrlWhich) => words('account.url.query', { which }),
};
