// One of the host's providers: its listings to manage (HostedListings), and the way to a new one.
import { Link, useParams } from "wouter";
import { useQuery } from "urql";
import { Empty, ErrorBox, Loading } from "../../components/states";
import { usePageTitle } from "../../lib/title";
import { ProviderDocument } from "./host";
import { HostedListings } from "./HostedListings";

export function ProviderPage() {
  const { id } = useParams<{ id: string }>();
  const [{ data, fetching, error }, refetch] = useQuery({ query: ProviderDocument, variables: { id } });
  usePageTitle(data?.travelProvider?.name ?? "Provider");
  if (error && !data) return <ErrorBox error={error} retry={() => refetch({ requestPolicy: "network-only" })} />;
  if (!data) return fetching ? <Loading /> : null;
  const provider = data.travelProvider;
  if (!provider) return <Empty title="This provider does not exist." />;
  return (
    <section className="page" aria-labelledby="provider-title">
      <p className="breadcrumbs">
        <Link href="/host">Host tools</Link> <span aria-hidden="true">›</span> {provider.name}
      </p>
      <div className="page-head">
        <h1 id="provider-title">{provider.name}</h1>
        <Link href={`/host/new?provider=${provider.id}`} className="button primary">
          New listing
        </Link>
      </div>
      <HostedListings providerId={provider.id} />
    </section>
  );
}
