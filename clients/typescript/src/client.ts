// The client: the generated typed methods (src/generated/operations.ts) over the connection.
import { Operations } from "./generated/operations.js";

/**
 * A client of one workspace gateway. Typed methods take the operation's variables and resolve
 * to its root field (money as Decimal strings, dates as ISO strings); mutations send an
 * Idempotency-Key; `iter…` methods page through a whole list with `for await`. `query()` and
 * `execute()` run any document.
 */
export class TravelClient extends Operations {}
