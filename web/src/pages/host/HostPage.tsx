// Host tools: one's listings to manage (every provider's, or one's), the bookings on them, earnings by
// month, one's providers (and registering one), and the way to new listings.
import { useId, useRef, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "wouter";
import { useMutation, useQuery } from "urql";
import { idempotent, newIdempotencyKey } from "../../api/client";
import { problemsOf as apiProblems } from "../../api/errors";
import { useSession } from "../../auth/session";
import { BookingItem, useJustCancelled } from "../../components/bookings";
import { Field } from "../../components/Field";
import { Pagination } from "../../components/Pagination";
import { Empty, ErrorBox, Loading, Notice } from "../../components/states";
import { inputField, placeProblems, type FormFields } from "../../forms/apiProblems";
import { useFocusFirstProblem } from "../../forms/focus";
import { FormProblems } from "../../forms/FormProblems";
import { requiredText, type Problems } from "../../forms/rules";
import { usePageTitle } from "../../lib/title";
import { Earnings } from "./Earnings";
import { CreateProviderDocument, HostedBookingsDocument, MyProvidersDocument } from "./host";
import { HostedListings } from "./HostedListings";

// Re-read after a mutation touching these types (a constant: urql re-runs a query whose
// context object changes, so a new object per render would loop).
const REFRESHED_BY = { additionalTypenames: ["TravelProvider"] };

export function HostPage() {
  usePageTitle("Host tools");
  const { can } = useSession();
  if (!can("travel:host")) return <Notice tone="warning">Host tools need the travel:host permission.</Notice>;
  return (
    <section className="page host" aria-labelledby="host-title">
      <div className="page-head">
        <h1 id="host-title">Host tools</h1>
        <Link href="/host/new" className="button primary">
          New listing
        </Link>
      </div>
      <MyListings />
      <HostedBookings />
      <Earnings />
      <Providers />
    </section>
  );
}

function MyListings() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const [{ data }] = useQuery({ query: MyProvidersDocument, context: REFRESHED_BY });
  const providers = data?.travelProviders ?? [];
  // Every provider's listings at once unless one is chosen (a host with one provider sees it).
  const chosen = providers.find((p) => p.id === params.get("provider")) ?? null;
  return (
    <section aria-labelledby="listings-title" className="panel">
      <h2 id="listings-title">My listings</h2>
      {data && providers.length === 0 && <Empty title="Register a provider below, then list under it." />}
      {providers.length > 0 && (
        <>
          {providers.length > 1 && (
            <div className="field field-inline">
              <label htmlFor={`${id}-provider`}>Provider</label>
              <select id={`${id}-provider`} value={chosen?.id ?? ""} onChange={(e) => setParams(e.target.value ? { provider: e.target.value } : {}, { replace: true })}>
                <option value="">All providers</option>
                {providers.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <HostedListings key={chosen?.id ?? "all"} providerId={chosen?.id ?? null} />
        </>
      )}
    </section>
  );
}

function Providers() {
  const [{ data, fetching, error }, refetch] = useQuery({ query: MyProvidersDocument, context: REFRESHED_BY });
  const providers = data?.travelProviders ?? [];
  return (
    <section aria-labelledby="providers-title" className="panel">
      <h2 id="providers-title">Your providers</h2>
      {error && <ErrorBox error={error} retry={() => refetch({ requestPolicy: "network-only" })} />}
      {!data && fetching && <Loading />}
      {data && providers.length === 0 && <Empty title="You have not registered a provider yet. Register one to start listing." />}
      {providers.length > 0 && (
        <ul className="provider-list">
          {providers.map((p) => (
            <li key={p.id}>
              <Link href={`/host/providers/${p.id}`}>{p.name}</Link>{" "}
              <span className="badge">{p.type === "HOST" ? "Host" : "Operator"}</span>
              {p.rating != null && <span className="rating"> ★ {p.rating.toFixed(1)}</span>}
            </li>
          ))}
        </ul>
      )}
      <ProviderForm onRegistered={() => refetch({ requestPolicy: "network-only" })} />
    </section>
  );
}

// Registering a provider, checked as the API checks it (catalog/rules.py provider_values): a
// name, trimmed, of at most 200 characters. Every problem is said at once under its field.
const PROVIDER_FIELDS: FormFields = {
  fieldOf: (path) => {
    const name = inputField(path);
    return name === "name" || name === "type" ? name : null;
  },
  labelOf: (field) => (field === "type" ? "Type" : "Name"),
};

function providerProblems(name: string): Problems {
  const problem = requiredText(name, "Enter the provider's name, e.g. Casa do Rio.");
  return problem ? { name: problem } : {};
}

// The list is asked again once a provider is registered: the cache's invalidation by type can
// lose to a read of the list still on its way, which then shows the list without the new one.
function ProviderForm({ onRegistered }: { onRegistered: () => void }) {
  const [name, setName] = useState("");
  const [type, setType] = useState("HOST");
  const [result, create] = useMutation(CreateProviderDocument);
  const [done, setDone] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstProblem(form, attempt);
  const report = (byField: Problems, said: string[]) => {
    setProblems(byField);
    setGeneral(said);
    setAttempt((n) => n + 1);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const found = providerProblems(name);
    if (Object.keys(found).length) return report(found, []);
    setProblems({});
    setGeneral([]);
    const answer = await create(
      { input: { name: name.trim(), type: type as "HOST" | "OPERATOR" } },
      { ...idempotent(newIdempotencyKey()), additionalTypenames: ["TravelProvider"] },
    );
    if (answer.data?.createTravelProvider) {
      setDone(answer.data.createTravelProvider.name);
      setName("");
      onRegistered();
      return;
    }
    const placed = placeProblems(apiProblems(answer.error), PROVIDER_FIELDS);
    report(placed.byField, placed.general.length || Object.keys(placed.byField).length ? placed.general : ["The provider was not registered. Please try again."]);
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-labelledby="new-provider" noValidate ref={form}>
      <h3 id="new-provider">Register a provider</h3>
      <Field label="Name" error={problems.name}>
        <input value={name} onChange={(e) => setName(e.target.value)} aria-required />
      </Field>
      <Field label="Type" error={problems.type}>
        <select value={type} onChange={(e) => setType(e.target.value)}>
          <option value="HOST">Host (stays)</option>
          <option value="OPERATOR">Operator (tours, activities, events, transport)</option>
        </select>
      </Field>
      <FormProblems problems={problems} general={general} />
      <button type="submit" className="button primary" disabled={result.fetching}>
        {result.fetching ? "Registering…" : "Register"}
      </button>
      {done && <Notice tone="success">{done} is registered. You can now list under it.</Notice>}
    </form>
  );
}

function HostedBookings() {
  const [skip, setSkip] = useState(0);
  const cancelling = useJustCancelled();
  const [{ data, fetching, error }, refetch] = useQuery({ query: HostedBookingsDocument, variables: { pagination: { skip, take: 20 } } });
  const bookings = data?.travelBookings ?? [];
  return (
    <section aria-labelledby="hosted-title" className="panel">
      <h2 id="hosted-title">Bookings on your listings</h2>
      {error && <ErrorBox error={error} retry={() => refetch({ requestPolicy: "network-only" })} />}
      {!data && fetching && <Loading />}
      {data && bookings.length === 0 && <Empty title="No bookings on your listings yet." />}
      <ul className="stack" aria-busy={fetching}>
        {bookings.map((b) => (
          <li key={b.id}>
            <BookingItem booking={b} showGuest askReason {...cancelling(b)} />
          </li>
        ))}
      </ul>
      <Pagination skip={skip} take={20} shown={bookings.length} total={data?.travelBookingsCount} onChange={setSkip} label="Bookings" />
    </section>
  );
}
