/**
 * Every sentence the engine shows the user, in one place: the steps decide what happened, this module says it.
 * Sentences that relay the service's own words take them already redacted of every known key.
 */

export const CANCEL_WARNING = 'Gen Studio will stop waiting for this task. The service may still finish it and charge for it.';
export const DOUBLE_CHARGE_WARNING =
  'This task may already have reached the service. Sending it again may create a second task, charged twice.';
export const CHARGED_AGAIN_WARNING = 'The service accepted this task before. Sending it again creates a new task, charged again.';

export const SANDBOX_LOST_MESSAGE =
  'The built-in Sandbox no longer has this task: it keeps tasks and results in memory only, so they are gone once Gen Studio (and with it the Sandbox) has stopped. Retry sends it again.';

export const msg = {
  /** a request of a paused run (an Explore matrix, a batch) waits in the queue */
  heldWhilePaused: (what: string, name: string) => `Held: the ${what} “${name}” is paused; it goes when you resume it.`,
  setAsideKept: (path: string) =>
    `This result could not be read: Gen Studio stopped twice in a row while reading it, so it is not tried again by itself. It is kept in ${path}. Retry fetches and reads it again.`,
  setAsideNotKept:
    'Gen Studio stopped twice in a row while fetching this result, so it is not fetched again by itself. Retry fetches it again (it is not charged again).',
  setAsideNotice: (message: string) => `A task was set aside. ${message}`,
  shuttingDown: 'Gen Studio is shutting down.',
  notATaskEndpoint: (endpointId: string) => `“${endpointId}” is not an endpoint Gen Studio sends tasks to.`,
  requestHasProblems: 'The request has problems; see the fields marked.',
  connectionUnusable: 'The active connection cannot be used.',
  noLongerQueued: 'That task is no longer in the queue.',
  alreadyEnded: 'This task has already ended.',
  alreadyRecorded: 'This task is already in the queue; it is not sent twice.',
  cancelBeforeRemoving: 'Cancel the task before removing it from the queue.',
  moderatedRetry: 'A moderated request is flagged again if sent unchanged; change it and generate again.',
  onlyEndedRetry: 'Only a failed, cancelled or unanswered task can be tried again.',
  keyUnavailable: 'The key of this task is not available.',
  capCrossed: 'A spending cap would be crossed.',
  fieldTakesNoFile: 'This field does not take a file',
  inputGone: 'This image is no longer in the asset store; choose it again',

  // Start-up
  stoppedWhileSending:
    'Gen Studio stopped while this task was being sent. It may or may not have reached the service (and been charged); it is not sent again unless you choose Retry.',
  noAnswerRecorded: 'No answer was recorded for this request.',

  // Cancel and retry
  cancellingBeforeSend: 'Cancelling before the request goes out.',
  cancellingAfterSend: 'Cancelling: waiting for the service’s answer to the request already sent.',
  cancelledAfterSend: 'Cancelled: Gen Studio stopped waiting. The service may still finish it and charge for it.',
  cancelledBeforeSend: 'Cancelled before it was sent; nothing was charged.',
  cancelledBeforeSending: 'Cancelled before it was sent: nothing was sent, so nothing was charged.',
  cancelledAfterAccepted: 'Cancelled after the service had accepted it: the service may still finish it and charge for it.',
  cancelledMayHaveArrived: 'Cancelled. The request may have reached the service before the connection was lost, and may be charged.',
  cancelledNotTaken: 'Cancelled; the service did not take it, so nothing was charged.',
  checkingAgain: 'Checking on the task again (it is not sent again).',
  sendingAgain: (asChosen: boolean) => (asChosen ? 'Sending again, as you chose.' : 'Sending again.'),

  // Sending
  sending: 'Sending…',
  readyToSend: (automatically: boolean) =>
    automatically
      ? 'The service does not answer. This task will be sent when it does.'
      : 'The service does not answer. Send it when the connection is back (Settings: send on request).',
  notTaken: (message: string) => `The service did not take the connection (${message}); nothing was sent.`,
  nothingSentInternal: 'Gen Studio could not send this task (nothing was sent); the details are in the log.',
  recordingFailed: 'Gen Studio failed while recording the service’s answer; the details are in the log.',
  acceptedButUnrecorded: (remoteId: string) =>
    `The service accepted it (task ${remoteId}) and may charge for it, but Gen Studio could not record it. It is not sent again unless you choose Retry.`,
  mayHaveReached: 'It may or may not have reached the service (and been charged). Gen Studio does not send it again unless you choose Retry.',
  sentButLost: (why: string) => `The request was sent but ${why}.`,
  noAnswerInTime: 'no answer came in time',
  connectionLostWhy: (message: string) => `the connection was lost (${message})`,
  unknownShape: 'The service answered in a shape Gen Studio does not know.',
  unknownShapeDetail: 'The task may exist on the service (and be charged), but Gen Studio cannot follow it. It is not sent again unless you choose Retry.',
  webhookAccepted: 'Accepted. The service sends the result to the task’s webhook, not to Gen Studio.',
  refusedFields: (issues: ReadonlyArray<{ loc: ReadonlyArray<string | number>; msg: string }>) =>
    `The service refused the request: ${issues.map((i) => `${i.loc.slice(1).join('.') || 'request'}: ${i.msg}`).join('; ')}`,
  refused: (said: string, addressHint: boolean) =>
    `The service refused the request (${said}).${addressHint ? ' Check the connection’s base URL and endpoint word.' : ''}`,
  // A refused key says what it means and what to do, not the service's status and words ("403: Invalid API key").
  keyRefused: (label: string) => `The service did not accept the key “${label}”: it may be mistyped, revoked or for another account. Check it in Settings (Test tells whether it works), then Retry.`,
  noCredits: (said: string) => `Not enough credits (${said}). Top up, then Retry.`,
  tooLarge: 'The request is too large for the service; use smaller inputs.',
  serviceProblem: (said: string) => `The service had a problem (${said}).`,
  rateLimitedGaveUp: (times: number) => `The service kept answering “too many requests” (429) ${times} times.`,
  rateLimitedSending: 'The service has too many active tasks for this key (429). Trying again when it says, or when an earlier task finishes.',
  rateLimitedPolling: 'The service asked Gen Studio to slow down (429).',
  tryingAgain: (detail: string, next: number, of: number) => `${detail} Trying again (${next} of ${of}).`,
  gaveUp: (message: string, tries: number) => `${message} Gave up after ${tries} tries.`,
  stepFailed: 'Something went wrong in Gen Studio; the details are in the log. Retry checks on it again.',

  // Polling
  noPollingAddress: 'This task has no polling address.',
  pollNoAnswerInTime: 'The service did not answer in time.',
  pollConnectionLost: 'The connection was lost.',
  pollLost: 'Gen Studio could not hear from the service about this task. Retry checks on it again; it is not sent again.',
  pollUnreadable: 'The service’s answer could not be read.',
  pollUnreadableError: 'The service’s answers about this task could not be read. Retry checks on it again.',
  pollKeyRefused: () => 'The service stopped accepting the key while Gen Studio checked on this task. Check the key in Settings, then Retry checks again.',
  pollNoCredits: (said: string) => `The service reports not enough credits for this task (${said}). Top up; Retry sends it again.`,
  pollRefused: (said: string) => `The service refused Gen Studio’s question about this task (${said}). Retry sends it again.`,
  pollServerError: (said: string) => `The service had a problem while Gen Studio checked on this task (${said}). Retry checks again; it is not sent again.`,
  unreachableTimedOut: (minutes: number) =>
    `No answer about this task for ${minutes} minutes: the service could not be reached. It may still finish it: Retry checks on it again (it is not sent again).`,
  waitingForConnection: 'Waiting for the connection to come back.',
  moderated: (request: boolean, reasons: readonly string[]) =>
    `${request ? 'The request was flagged' : 'The result was flagged'}${reasons.length ? `: ${reasons.join(', ')}` : ''}. Moderated tasks are not charged.`,
  serviceCouldNotMake: (status: string, details: string) => `The service could not make this task (${status}${details ? `: ${details}` : ''}).`,
  stillStatus: (status: string, minutes: number) =>
    `Still “${status}” after ${minutes} minutes. The service may still finish it: Retry checks on it again (it is not sent again).`,
  unknownStatus: (status: string) => `The service reports “${status}”; Gen Studio keeps checking.`,
  notKnownYet: 'The service does not know this task yet; checking again.',
  notKnown: 'The service no longer knows this task (it expired or never existed).',
  readyWithoutAddress: 'The service said Ready but gave no result address.',
  unreadableAddress: 'The service gave a result address Gen Studio cannot read.',
  saving: 'Saving the result…',

  // Downloading
  resultNotHttps: 'The result address is not https; Gen Studio does not fetch it.',
  downloadInterrupted: 'The download was interrupted.',
  downloadFailed: 'The result could not be downloaded. Retry tries again (it is not sent again).',
  didNotDecode: (why: string) => `The result did not decode (${why})`,
  didNotDecodeError: (why: string) => `The result did not decode: ${why}`,
  resultTooLarge: (limitMb: number) =>
    `The result is larger than ${limitMb} MB, more than Gen Studio keeps: the download was stopped there and the part received deleted. It was not fetched again; Retry tries once more.`,
  resultNotMedia: 'The result is not a picture or video Gen Studio can read (the storage sent something else, such as a web page). It was not fetched again; Retry tries once more.',
  resultNotKept: (why: string) => `The result was not kept: ${why} It was not fetched again; Retry tries once more.`,
  resultRefusedNotice: (message: string) => `A result was not kept. ${message}`,
  addressExpiredAsking: 'The result address had expired; asking the service for it again.',
  addressExpired: (status: number) =>
    `The result’s address expired before Gen Studio could download it (${status}). The service made it, but it can no longer be fetched.`,
  storageAnswered: (status: number) => `The storage answered ${status}.`,
  downloadFailedStatus: (status: number) => `The result could not be downloaded (${status}). Retry tries again.`,

  // The connection, as the status line shows it
  notContactedYet: 'Not contacted yet.',
  serviceAnswers: 'The service answers.',
  serviceDoesNotAnswer: (why: string) => `The service does not answer (${why}). Tasks wait as “ready to send”.`,

  // Variations sent as a group
  groupPartlySent: (sent: number, count: number, why: string) => `${sent} of ${count} variations were sent; the rest were not: ${why}`,
  refusedAnyway: 'it was refused',

  // Records and inputs
  inputNoLongerStored: (field: string) => `The image for “${field}” is no longer in the asset store.`,
  recordSetAside: (aside: string) => `A task in the queue could not be read and was set aside as ${aside}. If it was running, the service may still have finished it.`,
} as const;
