import { english } from '../../../shared/i18n/say';
import { words, type Words, type WordsValue } from '../../../shared/i18n/words';
import type { AnswerSaid } from '../../../shared/catalog/answerKind';

/**
 * Every sentence the engine shows the user, in one place: the steps decide what happened, this module says it, as
 * words (a message id and values, `main.task.*` in the catalogs) that the window says in the artist's language.
 * Sentences that relay the service's own words take them already redacted of every known key, as values.
 */

const CANCEL = words('main.task.cancelWarning');
const DOUBLE_CHARGE = words('main.task.doubleChargeWarning');
const CHARGED_AGAIN = words('main.task.chargedAgainWarning');
const SANDBOX_LOST = words('main.task.sandboxLost');

/** The warnings a task's actions ask the artist to accept, as words. */
export const warnings = { cancel: CANCEL, doubleCharge: DOUBLE_CHARGE, chargedAgain: CHARGED_AGAIN } as const;

// Their English, as the task's `cancelWarning`/`retryWarning` and the log carry them.
export const CANCEL_WARNING = english(CANCEL);
export const DOUBLE_CHARGE_WARNING = english(DOUBLE_CHARGE);
export const CHARGED_AGAIN_WARNING = english(CHARGED_AGAIN);
export const SANDBOX_LOST_WORDS = SANDBOX_LOST;
export const SANDBOX_LOST_MESSAGE = english(SANDBOX_LOST);

/** What the service said, or that it said nothing: its HTTP status is for the log, not the artist's words. */
const saying = (said: string) => ({ said: said || words('main.task.saidNothing') });

export const msg = {
  /** a request of a paused run (an Explore matrix, a batch) waits in the queue */
  heldWhilePaused: (what: string, name: WordsValue) => words('main.task.heldWhilePaused', { what, name }),
  setAsideKept: (path: string) => words('main.task.setAsideKept', { path }),
  setAsideNotKept: words('main.task.setAsideNotKept'),
  setAsideNotice: (message: Words) => words('main.task.setAsideNotice', { message }),
  shuttingDown: words('main.task.shuttingDown'),
  notATaskEndpoint: (endpointId: string) => words('main.task.notATaskEndpoint', { endpointId }),
  requestHasProblems: words('main.task.requestHasProblems'),
  connectionUnusable: words('main.task.connectionUnusable'),
  noLongerQueued: words('main.task.noLongerQueued'),
  alreadyEnded: words('main.task.alreadyEnded'),
  alreadyRecorded: words('main.task.alreadyRecorded'),
  cancelBeforeRemoving: words('main.task.cancelBeforeRemoving'),
  moderatedRetry: words('main.task.moderatedRetry'),
  onlyEndedRetry: words('main.task.onlyEndedRetry'),
  keyUnavailable: words('main.task.keyUnavailable'),
  capCrossed: words('main.task.capCrossed'),
  fieldTakesNoFile: words('main.task.fieldTakesNoFile'),
  inputGone: words('main.task.inputGone'),

  // Start-up
  stoppedWhileSending: words('main.task.stoppedWhileSending'),
  noAnswerRecorded: words('main.task.noAnswerRecorded'),

  // Cancel and retry
  cancellingBeforeSend: words('main.task.cancellingBeforeSend'),
  cancellingAfterSend: words('main.task.cancellingAfterSend'),
  cancelledAfterSend: words('main.task.cancelledAfterSend'),
  cancelledBeforeSend: words('main.task.cancelledBeforeSend'),
  cancelledBeforeSending: words('main.task.cancelledBeforeSending'),
  cancelledAfterAccepted: words('main.task.cancelledAfterAccepted'),
  cancelledMayHaveArrived: words('main.task.cancelledMayHaveArrived'),
  cancelledNotTaken: words('main.task.cancelledNotTaken'),
  checkingAgain: words('main.task.checkingAgain'),
  sendingAgain: (asChosen: boolean) => words(asChosen ? 'main.task.sendingAgainAsChosen' : 'main.task.sendingAgain'),

  // Sending
  sending: words('main.task.sending'),
  readyToSend: (automatically: boolean) => words(automatically ? 'main.task.readyToSendAutomatically' : 'main.task.readyToSendOnRequest'),
  notTaken: (message: string) => words('main.task.notTaken', { message }),
  nothingSentInternal: words('main.task.nothingSentInternal'),
  recordingFailed: words('main.task.recordingFailed'),
  acceptedButUnrecorded: (remoteId: string) => words('main.task.acceptedButUnrecorded', { remoteId }),
  mayHaveReached: words('main.task.mayHaveReached'),
  sentNoAnswer: words('main.task.sentNoAnswer'),
  sentConnectionLost: (message: string) => words('main.task.sentConnectionLost', { message }),
  unknownShape: words('main.task.unknownShape'),
  unknownShapeDetail: words('main.task.unknownShapeDetail'),
  webhookAccepted: words('main.task.webhookAccepted'),
  // The service's own 422 texts, each with the field it names, stay as the service sent them.
  refusedFields: (issues: ReadonlyArray<{ loc: ReadonlyArray<string | number>; msg: string }>) =>
    words('main.task.refusedFields', { fields: issues.map((i) => `${i.loc.slice(1).join('.') || 'request'}: ${i.msg}`).join('; ') }),
  refused: (said: string, addressHint: boolean) => words(addressHint ? 'main.task.refusedCheckAddress' : 'main.task.refused', saying(said)),
  // A refused key says what it means and what to do, not the service's status and words ("403: Invalid API key").
  keyRefused: (label: string) => words('main.task.keyRefused', { label }),
  noCredits: (said: string) => words('main.task.noCredits', saying(said)),
  tooLarge: words('main.task.tooLarge'),
  serviceProblem: (said: string) => words('main.task.serviceProblem', saying(said)),
  rateLimitedGaveUp: (times: number) => words('main.task.rateLimitedGaveUp', { times }),
  rateLimitedSending: words('main.task.rateLimitedSending'),
  rateLimitedPolling: words('main.task.rateLimitedPolling'),
  tryingAgain: (detail: WordsValue, next: number, of: number) => words('main.task.tryingAgain', { detail, next, of }),
  gaveUp: (message: WordsValue, tries: number) => words('main.task.gaveUp', { message, tries }),
  stepFailed: words('main.task.stepFailed'),

  // Polling
  noPollingAddress: words('main.task.noPollingAddress'),
  pollNoAnswerInTime: words('main.task.pollNoAnswerInTime'),
  pollConnectionLost: words('main.task.pollConnectionLost'),
  pollLost: words('main.task.pollLost'),
  pollUnreadable: words('main.task.pollUnreadable'),
  pollUnreadableError: words('main.task.pollUnreadableError'),
  pollKeyRefused: () => words('main.task.pollKeyRefused'),
  pollNoCredits: (said: string) => words('main.task.pollNoCredits', saying(said)),
  pollRefused: (said: string) => words('main.task.pollRefused', saying(said)),
  pollServerError: (said: string) => words('main.task.pollServerError', saying(said)),
  unreachableTimedOut: (minutes: number) => words('main.task.unreachableTimedOut', { minutes }),
  waitingForConnection: words('main.task.waitingForConnection'),
  // The service's reasons are its own words.
  moderated: (request: boolean, reasons: readonly string[]) =>
    reasons.length
      ? words(request ? 'main.task.requestFlaggedFor' : 'main.task.resultFlaggedFor', { reasons: reasons.join(', ') })
      : words(request ? 'main.task.requestFlagged' : 'main.task.resultFlagged'),
  serviceCouldNotMake: (status: string, details: string) =>
    details ? words('main.task.serviceCouldNotMakeSaying', { status, details }) : words('main.task.serviceCouldNotMake', { status }),
  stillStatus: (status: string, minutes: number) => words('main.task.stillStatus', { status, minutes }),
  unknownStatus: (status: string) => words('main.task.unknownStatus', { status }),
  notKnownYet: words('main.task.notKnownYet'),
  notKnown: words('main.task.notKnown'),
  readyWithoutAddress: words('main.task.readyWithoutAddress'),
  unreadableAddress: words('main.task.unreadableAddress'),
  saving: words('main.task.saving'),

  // Downloading
  resultNotHttps: words('main.task.resultNotHttps'),
  downloadInterrupted: words('main.task.downloadInterrupted'),
  downloadFailed: words('main.task.downloadFailed'),
  didNotDecode: (why: WordsValue) => words('main.task.didNotDecode', { why }),
  didNotDecodeError: (why: WordsValue) => words('main.task.didNotDecodeError', { why }),
  resultTooLarge: (limitMb: number) => words('main.task.resultTooLarge', { limitMb }),
  resultNotMedia: words('main.task.resultNotMedia'),
  resultNotKept: (why: WordsValue) => words('main.task.resultNotKept', { why }),
  resultRefusedNotice: (message: Words) => words('main.task.resultRefusedNotice', { message }),
  addressExpiredAsking: words('main.task.addressExpiredAsking'),
  addressExpired: words('main.task.addressExpired'),
  // What the storage's answer means (busy, broken, refused), its status for the log.
  storageRefused: (kind: AnswerSaid) => words('main.task.storageRefused', { kind }),
  downloadFailedStorage: (kind: AnswerSaid) => words('main.task.downloadFailedStorage', { kind }),

  // The connection, as the status line shows it
  notContactedYet: words('main.connection.notContactedYet'),
  serviceAnswers: words('main.connection.serviceAnswers'),
  serviceDoesNotAnswer: (why: string) => words('main.connection.serviceDoesNotAnswer', { why }),

  // Variations sent as a group
  groupPartlySent: (sent: number, count: number, why: WordsValue) => words('main.task.groupPartlySent', { sent, count, why }),
  refusedAnyway: words('main.task.refusedAnyway'),

  // Records and inputs
  inputNoLongerStored: (field: string) => words('main.task.inputNoLongerStored', { field }),
  recordSetAside: (aside: string) => words('main.task.recordSetAside', { aside }),
} as const;
