// The fields of one kind of listing, each with its label, hint and problem (shared by the new
// listing form and the editor). A time is typed as the clock reads it where the listing is: its
// hint names the zone it is read in.
import { Field } from "../../components/Field";
import type { Kind } from "../../lib/kinds";
import { FIELDS, MODES, typedZone, type Spec, type Values } from "./listingFields";

type Props = {
  kind: Kind;
  values: Values;
  problems: Record<string, string>;
  onChange: (name: string, value: string) => void;
  /** The zone the listing's times are read in when the form names none (the editor's: the
   * stored one). */
  zone?: string | null;
};

// Every zone the browser knows, offered while typing one (the API knows the same IANA names).
const ZONES = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];

export function ListingFieldset({ kind, values, problems, onChange, zone }: Props) {
  const shownZone = typedZone(values) ?? zone;
  return (
    <>
      {FIELDS[kind].map((spec) => {
        const value = values[spec.name] ?? "";
        const hint = hintOf(spec, shownZone);
        return (
          <Field key={spec.name} label={`${spec.label}${spec.optional ? " (optional)" : ""}`} error={problems[spec.name]} {...(hint ? { hint } : {})}>
            {control(spec, value, (next) => onChange(spec.name, next))}
          </Field>
        );
      })}
      <datalist id="time-zones">
        {ZONES.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </>
  );
}

function hintOf(spec: Spec, zone: string | null | undefined): string | undefined {
  if (spec.type !== "datetime") return spec.hint;
  return zone ? `Times are in ${zone}.` : "Times are read in the time zone below: enter it first.";
}

function control(spec: Spec, value: string, onChange: (value: string) => void) {
  const common = {
    id: `field-${spec.name}`,
    name: spec.name,
    value,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    "aria-required": !spec.optional || undefined,
  };
  switch (spec.type) {
    case "textarea":
      return <textarea rows={3} {...common} />;
    case "count":
      return <input inputMode="numeric" {...common} />;
    case "price":
      return <input inputMode="decimal" placeholder="120.00" {...common} />;
    case "degrees":
      return <input inputMode="decimal" {...common} />;
    case "currency":
      return <input autoCapitalize="characters" autoComplete="off" {...common} />;
    case "zone":
      return <input list="time-zones" autoComplete="off" spellCheck={false} {...common} />;
    case "datetime":
      return <input type="datetime-local" {...common} />;
    case "mode":
      return (
        <select {...common}>
          {MODES.map((m) => (
            <option key={m} value={m}>
              {m.charAt(0) + m.slice(1).toLowerCase()}
            </option>
          ))}
        </select>
      );
    default:
      return <input {...common} />;
  }
}
