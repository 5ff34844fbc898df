import { z } from 'zod';

/**
 * The kinds of number the calls carry again and again, named once, so that a schema says what each of its
 * numbers is and a reader need not guess the unit from the field's name.
 */

/** A moment: milliseconds since 1970 on the core's clock (`Date.now()`), shown in the user's own time zone. */
export const Moment = z.number();

/** An amount of credits as the service counts them: a price, an estimate, a charge, a total or a balance. */
export const Credits = z.number();

/**
 * How many of a run's requests (a batch's pictures, a matrix's cells) went to the service, and how many have not:
 * held while the run is paused, still to go while it runs. What Pause stopped is exactly `notSent`.
 */
export const RunTallyFields = {
  sent: z.number().int().nonnegative(),
  notSent: z.number().int().nonnegative(),
};
