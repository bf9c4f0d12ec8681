// How the API's custom scalars reach TypeScript: as the strings the API sends, never converted
// (docs/decisions/0096-typescript-sdk.md). Each is a plain `string` alias, so a value can be
// passed through, compared and stored as it came, and a caller may pass a literal.

/**
 * Money: a decimal string with the currency's digits, e.g. `"120.00"`; never a float.
 * Do arithmetic with a decimal library or in minor units (`Math.round(Number(x) * 100)` is
 * exact for the API's two-digit amounts up to 2^53 cents), never with `Number(x) * 3`.
 */
export type Decimal = string;

/**
 * A calendar date, `YYYY-MM-DD` (no time, no zone). Temporal-ready:
 * `Temporal.PlainDate.from(value)`.
 */
export type DateString = string;

/**
 * An instant, ISO 8601 with its offset, e.g. `"2030-06-01T19:00:00+00:00"`. Temporal-ready:
 * `Temporal.Instant.from(value)`; today `new Date(value)`.
 */
export type DateTimeString = string;
