// A new listing of any kind under one of the host's providers; the API's validation message
// for a field is shown next to that field.
import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "wouter";
import { useClient, useQuery } from "urql";
import { idempotent, newIdempotencyKey } from "../../api/client";
import { describe, fieldMessage, fieldOf, problemsOf, type Problem } from "../../api/errors";
import { Field } from "../../components/Field";
import { Loading, Notice } from "../../components/states";
import { graphql } from "../../gql";
import { capitalized, KINDS, kindInfo, listingPath, type Kind } from "../../lib/kinds";
import { usePageTitle } from "../../lib/title";
import { MyProvidersDocument } from "./host";

const CREATE = {
  PROPERTY: graphql(`mutation CreateProperty($input: CreateTravelPropertyInput!) { created: createTravelProperty(input: $input) { id kind name } }`),
  TOUR: graphql(`mutation CreateTour($input: CreateTravelTourInput!) { created: createTravelTour(input: $input) { id kind name } }`),
  ACTIVITY: graphql(`mutation CreateActivity($input: CreateTravelActivityInput!) { created: createTravelActivity(input: $input) { id kind name } }`),
  EVENT: graphql(`mutation CreateEvent($input: CreateTravelEventInput!) { created: createTravelEvent(input: $input) { id kind name } }`),
  TRIP: graphql(`mutation CreateTrip($input: CreateTravelTripInput!) { created: createTravelTrip(input: $input) { id kind name } }`),
} as const;

type Spec = { name: string; label: string; type?: "text" | "number" | "float" | "decimal" | "datetime" | "textarea" | "mode" | "list"; hint?: string; optional?: boolean };

const COMMON_HEAD: Spec[] = [
  { name: "name", label: "Name" },
  { name: "description", label: "Description", type: "textarea", optional: true },
];
const COMMON_TAIL: Spec[] = [
  { name: "currency", label: "Currency", hint: "ISO 4217 code, e.g. EUR" },
  { name: "amenities", label: "Amenities", type: "list", hint: "Separated by commas", optional: true },
  // Where it is on the map: travelers find it with "near" and sort by distance.
  { name: "latitude", label: "Latitude", type: "float", hint: "WGS84 degrees, e.g. 38.7115 (with longitude)", optional: true },
  { name: "longitude", label: "Longitude", type: "float", hint: "WGS84 degrees, e.g. -9.1300 (with latitude)", optional: true },
];
const FIELDS: Record<Kind, Spec[]> = {
  PROPERTY: [
    ...COMMON_HEAD,
    { name: "location", label: "Location" },
    { name: "pricePerNight", label: "Price per night", type: "decimal" },
    { name: "units", label: "Rooms", type: "number", hint: "Identical rooms that can be booked the same night" },
    { name: "maxGuests", label: "Guests per room", type: "number", optional: true },
    ...COMMON_TAIL,
  ],
  TOUR: [
    ...COMMON_HEAD,
    { name: "location", label: "Location" },
    { name: "price", label: "Price per person", type: "decimal" },
    { name: "capacity", label: "Places per date", type: "number" },
    { name: "durationMinutes", label: "Duration (minutes)", type: "number", optional: true },
    ...COMMON_TAIL,
  ],
  ACTIVITY: [],
  EVENT: [
    ...COMMON_HEAD,
    { name: "location", label: "Venue" },
    { name: "price", label: "Price per person", type: "decimal" },
    { name: "capacity", label: "Places", type: "number" },
    { name: "startsAt", label: "Starts (UTC)", type: "datetime" },
    { name: "endsAt", label: "Ends (UTC)", type: "datetime" },
    ...COMMON_TAIL,
  ],
  TRIP: [
    ...COMMON_HEAD,
    { name: "origin", label: "From" },
    { name: "destination", label: "To" },
    { name: "location", label: "Location", optional: true, hint: "Defaults to where it departs" },
    { name: "mode", label: "Mode", type: "mode" },
    { name: "departsAt", label: "Departs (UTC)", type: "datetime" },
    { name: "arrivesAt", label: "Arrives (UTC)", type: "datetime", optional: true },
    { name: "price", label: "Price per person", type: "decimal" },
    { name: "capacity", label: "Seats", type: "number" },
    ...COMMON_TAIL,
  ],
};
FIELDS.ACTIVITY = FIELDS.TOUR;

function inputOf(kind: Kind, providerId: string, values: Record<string, string>): Record<string, unknown> {
  const input: Record<string, unknown> = { providerId };
  for (const spec of FIELDS[kind]) {
    const raw = (values[spec.name] ?? "").trim();
    if (!raw && spec.optional) continue;
    if (spec.type === "number" || spec.type === "float") input[spec.name] = raw === "" ? null : Number(raw);
    else if (spec.type === "list") input[spec.name] = raw.split(",").map((a) => a.trim()).filter(Boolean);
    else if (spec.type === "datetime") input[spec.name] = raw ? `${raw}:00Z` : raw;
    else input[spec.name] = raw;
  }
  return input;
}

export function NewListingPage() {
  usePageTitle("New listing");
  const client = useClient();
  const [params] = useSearchParams();
  const [{ data: providers, fetching }] = useQuery({ query: MyProvidersDocument });
  const [kind, setKind] = useState<Kind>("PROPERTY");
  const [providerId, setProviderId] = useState(params.get("provider") ?? "");
  const [values, setValues] = useState<Record<string, string>>({ currency: "EUR", units: "1", mode: "TRAIN" });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ id: string; kind: Kind; name: string } | null>(null);
  const owned = providers?.travelProviders ?? [];
  const chosenProvider = providerId || owned[0]?.id || "";

  if (!providers && fetching) return <Loading />;
  if (providers && owned.length === 0) {
    return (
      <Notice tone="warning">
        Register a provider first: <Link href="/host">Host tools</Link>.
      </Notice>
    );
  }
  const errorFor = (field: string) => (problem && fieldOf(problem) === field ? fieldMessage(problem) : undefined);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    setCreated(null);
    const answer = await client
      .mutation(CREATE[kind], { input: inputOf(kind, chosenProvider, values) } as never, {
        ...idempotent(newIdempotencyKey()),
        additionalTypenames: ["TravelProperty", "TravelTour", "TravelActivity", "TravelEvent", "TravelTrip"],
      })
      .toPromise();
    setBusy(false);
    const made = (answer.data as { created?: { id: string; kind: Kind; name: string } | null } | undefined)?.created;
    if (made) {
      setCreated(made);
      setValues({ currency: values.currency ?? "EUR", units: "1", mode: "TRAIN" });
      return;
    }
    const [first] = problemsOf(answer.error);
    setProblem(first ?? { code: "INTERNAL_SERVER_ERROR", message: "not created" });
    if (first && fieldOf(first)) document.getElementById(`field-${fieldOf(first)}`)?.focus();
  };
  const general = problem && (!fieldOf(problem) || !FIELDS[kind].some((s) => s.name === fieldOf(problem))) ? problem : null;
  return (
    <section className="page" aria-labelledby="new-title">
      <p className="breadcrumbs">
        <Link href="/host">Host tools</Link> <span aria-hidden="true">›</span> New listing
      </p>
      <h1 id="new-title">New {kindInfo(kind).singular}</h1>
      {created && (
        <Notice tone="success">
          <Link href={listingPath(created.kind, created.id)}>{created.name}</Link> is listed.
        </Notice>
      )}
      <form className="listing-form" onSubmit={submit} noValidate>
        <fieldset>
          <legend>What are you listing?</legend>
          <div className="segmented">
            {KINDS.map((k) => (
              <label key={k.kind} className={k.kind === kind ? "active" : ""}>
                <input type="radio" name="kind" value={k.kind} checked={k.kind === kind} onChange={() => { setKind(k.kind); setProblem(null); }} />
                {k.label === "Transport" ? "Transport" : capitalized(k.singular)}
              </label>
            ))}
          </div>
        </fieldset>
        <Field label="Provider" error={errorFor("providerId")}>
          <select value={chosenProvider} onChange={(e) => setProviderId(e.target.value)}>
            {owned.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </Field>
        {FIELDS[kind].map((spec) => (
          <Field key={spec.name} label={`${spec.label}${spec.optional ? " (optional)" : ""}`} error={errorFor(spec.name)} {...(spec.hint ? { hint: spec.hint } : {})}>
            {control(spec, values[spec.name] ?? "", (value) => setValues({ ...values, [spec.name]: value }))}
          </Field>
        ))}
        {general && (
          <p className="field-error" role="alert">
            {general.code === "VALIDATION_ERROR" ? general.message : describe(general)}
          </p>
        )}
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? "Saving…" : "Create listing"}
        </button>
      </form>
    </section>
  );
}

function control(spec: Spec, value: string, onChange: (value: string) => void) {
  const common = { id: `field-${spec.name}`, value, onChange: (e: { target: { value: string } }) => onChange(e.target.value), required: !spec.optional };
  switch (spec.type) {
    case "textarea":
      return <textarea rows={3} {...common} />;
    case "number":
      return <input type="number" inputMode="numeric" {...common} />;
    case "decimal":
      return <input inputMode="decimal" placeholder="120.00" {...common} />;
    case "float":
      return <input inputMode="decimal" {...common} />;
    case "datetime":
      return <input type="datetime-local" {...common} />;
    case "mode":
      return (
        <select {...common}>
          {["BUS", "TRAIN", "FERRY", "FLIGHT", "CAR"].map((m) => (
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
