// What the API refused, put back on the form: every entry of a VALIDATION_ERROR's
// `extensions.fields` (docs/errors.md, "Every bad field at once") goes next to the field its path
// names, in the form's own words — never the API's sentence or a path like input.pricePerNight.
import { describe, type Problem } from "../api/errors";
import { formatDay } from "../lib/dates";
import type { Problems } from "./rules";

/** How a form names its fields: path → field (null: not one of this form's) and field → label. */
export type FormFields = {
  fieldOf: (path: string) => string | null;
  labelOf: (field: string) => string;
};

export type Placed = { byField: Problems; general: string[] };

/** The field of a form's input that an API path names: input.name (or variables.input.name) → name. */
export function inputField(path: string): string {
  return path.replace(/^(variables\.)?input\./, "");
}

/** The problems of an answer, by field of the form; what names no field is said in general. */
export function placeProblems(problems: Problem[], form: FormFields): Placed {
  const placed: Placed = { byField: {}, general: [] };
  for (const problem of problems) {
    const entries = problem.code === "VALIDATION_ERROR" ? (problem.fields ?? (problem.field ? [{ field: problem.field, message: problem.message }] : [])) : [];
    if (entries.length === 0) {
      placed.general.push(describe(problem));
      continue;
    }
    for (const entry of entries) {
      const field = form.fieldOf(entry.field);
      const words = plainWords(entry.message.replace(`${entry.field} `, ""), form);
      if (field && !placed.byField[field]) placed.byField[field] = words;
      else if (!field) placed.general.push(`${form.labelOf(lastPart(entry.field))}: ${words}`);
    }
  }
  return placed;
}

function lastPart(path: string): string {
  return path.slice(path.lastIndexOf(".") + 1);
}

// The API's sentences about a field (its path removed), and what to tell a person instead.
const SAYINGS: [RegExp, (match: RegExpExecArray, form: FormFields) => string][] = [
  [/^must not be empty/, () => "Fill this in."],
  [/^cannot be removed/, () => "This can't be left empty."],
  [/^must not be negative/, () => "Enter 0 or more."],
  [/^has more than 0 decimal places for (\w+)/, (m) => `${m[1]} prices are whole numbers, e.g. 15000.`],
  [/^has more than (\d+) decimal places for (\w+)/, (m) => `${m[2]} prices have at most ${m[1]} decimal places, e.g. 120.50.`],
  [/^is too large/, () => "Enter a smaller amount."],
  [/^must be at most (\d+) characters/, (m) => `Use at most ${Number(m[1]).toLocaleString()} characters.`],
  [/^must be an ISO 4217 currency code/, () => "We don't know this currency. Enter its 3-letter code, e.g. EUR, USD or JPY."],
  [/^must be an IANA time zone/, () => "Enter a time zone such as Europe/Lisbon, or leave it empty."],
  [/^must be between (-?[\d.]+) and (-?[\d.]+)/, (m) => `Enter a number from ${Number(m[1]).toLocaleString()} to ${Number(m[2]).toLocaleString()}.`],
  [/^must be at most ([\d.]+)$/, (m) => `Enter ${Number(m[1]).toLocaleString()} or less.`],
  [/^must be at least (\d+)/, (m) => `Enter ${m[1]} or more.`],
  [/^is required with (\S+) and (\S+)/, (m, f) => `Give ${label(m[1]!, f)} and ${label(m[2]!, f)} together, or neither.`],
  [/^must not be less than (\S+)/, (m, f) => `Must not be below ${label(m[1]!, f)}.`],
  [/^must be at most (\d+) days after (\S+)/, (m, f) => `Must be at most ${m[1]} days after ${label(m[2]!, f)}.`],
  [/^must be (?:on or )?after (\S+)/, (m, f) => `Must be after ${label(m[1]!, f)}.`],
  [/spans more than (\d+) days/, (m) => `Choose dates at most ${m[1]} days apart.`],
  [/^is required/, () => "Fill this in."],
  [/^must be today or later/, () => "Choose today or a later date."],
  [/^are not free on (.+)$/, (m) => `Not that many are free on ${dates(m[1]!)}: they are booked. Close fewer, or choose other dates.`],
  [
    /overlaps the seasonal price from (\S+) to (\S+?):/,
    (m) => `These dates overlap the price from ${formatDay(m[1]!)} to ${formatDay(m[2]!)}: remove it first, or choose other dates.`,
  ],
  [/^may (?:list|have) at most (\d+) (\w+)/, (m) => `Keep it to ${m[1]} ${m[2]} at most.`],
  [/^items must be 1 to (\d+) characters/, (m) => `Keep each one to 1–${m[1]} characters.`],
  [
    /^is less than is already booked on (.+)$/,
    (m) => `More is already booked than that on ${dates(m[1]!)}. Keep at least as many as are booked.`,
  ],
  [
    /^cannot move the \w+ to another date: (\d+) confirmed bookings? (?:are|is) for (\S+?);/,
    (m) => `${m[1]} confirmed booking${m[1] === "1" ? " is" : "s are"} for ${formatDay(m[2]!)}: the date can't change until ${m[1] === "1" ? "it is" : "they are"} cancelled (the time may change within that day).`,
  ],
];

/** The API's words about a field as a sentence a person understands. */
export function plainWords(message: string, form: FormFields): string {
  for (const [pattern, say] of SAYINGS) {
    const match = pattern.exec(message);
    if (match) return say(match, form);
  }
  return "This was not accepted. Check it and try again.";
}

function label(path: string, form: FormFields): string {
  const field = form.fieldOf(path) ?? lastPart(path);
  return `“${form.labelOf(field)}”`;
}

/** "2026-03-01, 2026-03-02 and 3 more" with each date written out. */
function dates(text: string): string {
  return text.replace(/\d{4}-\d{2}-\d{2}/g, (day) => formatDay(day));
}
