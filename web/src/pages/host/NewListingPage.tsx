// A new listing of any kind under one of the host's providers. Every problem is said at once,
// next to its field, before anything is sent; what only the API can tell (an unknown currency)
// comes back to the field it is about.
import { useRef, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "wouter";
import { useClient, useQuery } from "urql";
import { idempotent, newIdempotencyKey } from "../../api/client";
import { problemsOf as apiProblems } from "../../api/errors";
import { Field } from "../../components/Field";
import { Loading, Notice } from "../../components/states";
import { placeProblems } from "../../forms/apiProblems";
import { FormProblems } from "../../forms/FormProblems";
import { useFocusFirstProblem } from "../../forms/focus";
import { graphql } from "../../gql";
import { capitalized, KINDS, kindInfo, LISTING_TYPENAMES, listingPath, type Kind } from "../../lib/kinds";
import { usePageTitle } from "../../lib/title";
import { MyProvidersDocument } from "./host";
import { createInput, formFields, NEW_LISTING, newListingValues, problemsOf, type Values } from "./listingFields";
import { ListingFieldset } from "./ListingFieldset";

const CREATE = {
  PROPERTY: graphql(`mutation CreateProperty($input: CreateTravelPropertyInput!) { created: createTravelProperty(input: $input) { id kind name } }`),
  TOUR: graphql(`mutation CreateTour($input: CreateTravelTourInput!) { created: createTravelTour(input: $input) { id kind name } }`),
  ACTIVITY: graphql(`mutation CreateActivity($input: CreateTravelActivityInput!) { created: createTravelActivity(input: $input) { id kind name } }`),
  EVENT: graphql(`mutation CreateEvent($input: CreateTravelEventInput!) { created: createTravelEvent(input: $input) { id kind name } }`),
  TRIP: graphql(`mutation CreateTrip($input: CreateTravelTripInput!) { created: createTravelTrip(input: $input) { id kind name } }`),
} as const;

type Created = { id: string; kind: Kind; name: string };

export function NewListingPage() {
  usePageTitle("New listing");
  const client = useClient();
  const [params] = useSearchParams();
  const [{ data: providers, fetching }] = useQuery({ query: MyProvidersDocument });
  const [kind, setKind] = useState<Kind>("PROPERTY");
  const [providerId, setProviderId] = useState(params.get("provider") ?? "");
  const [values, setValues] = useState<Values>(NEW_LISTING);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstProblem(form, attempt);
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
  const report = (byField: Record<string, string>, said: string[]) => {
    setProblems(byField);
    setGeneral(said);
    setAttempt((n) => n + 1);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setCreated(null);
    const found = problemsOf(kind, values);
    if (Object.keys(found).length) return report(found, []);
    setBusy(true);
    setProblems({});
    setGeneral([]);
    const answer = await client
      .mutation(CREATE[kind], { input: createInput(kind, chosenProvider, values) } as never, {
        ...idempotent(newIdempotencyKey()),
        additionalTypenames: LISTING_TYPENAMES,
      })
      .toPromise();
    setBusy(false);
    const made = (answer.data as { created?: Created | null } | undefined)?.created;
    if (made) {
      setCreated(made);
      setValues(newListingValues(kind, { ...NEW_LISTING, currency: values.currency ?? "EUR" }));
      return;
    }
    const placed = placeProblems(apiProblems(answer.error), formFields(kind));
    report(placed.byField, placed.general.length || Object.keys(placed.byField).length ? placed.general : ["The listing was not created. Please try again."]);
  };
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
      <form className="listing-form" onSubmit={submit} noValidate ref={form}>
        <fieldset>
          <legend>What are you listing?</legend>
          <div className="segmented">
            {KINDS.map((k) => (
              <label key={k.kind} className={k.kind === kind ? "active" : ""}>
                <input
                  type="radio"
                  name="kind"
                  value={k.kind}
                  checked={k.kind === kind}
                  onChange={() => {
                    setKind(k.kind);
                    setValues((v) => newListingValues(k.kind, v));
                    setProblems({});
                    setGeneral([]);
                  }}
                />
                {k.label === "Transport" ? "Transport" : capitalized(k.singular)}
              </label>
            ))}
          </div>
        </fieldset>
        <Field label="Provider" error={problems.providerId}>
          <select value={chosenProvider} onChange={(e) => setProviderId(e.target.value)}>
            {owned.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </Field>
        <ListingFieldset kind={kind} values={values} problems={problems} onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))} />
        <FormProblems problems={problems} general={general} />
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? "Saving…" : "Create listing"}
        </button>
      </form>
    </section>
  );
}

