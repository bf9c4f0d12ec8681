// The member's own profile: the name hosts see on their bookings, and a contact email only they
// see (updateTravelProfile; any credential may change its own).
import { useRef, useState, type FormEvent } from "react";
import { useMutation } from "urql";
import { idempotent, newIdempotencyKey } from "../../api/client";
import { problemsOf } from "../../api/errors";
import { useSession } from "../../auth/session";
import { Field } from "../../components/Field";
import { placeProblems, type FormFields } from "../../forms/apiProblems";
import { useFocusFirstProblem } from "../../forms/focus";
import { FormProblems } from "../../forms/FormProblems";
import { optionalText } from "../../forms/rules";
import { graphql } from "../../gql";
import { usePageTitle } from "../../lib/title";

const UpdateProfileDocument = graphql(`
  mutation UpdateProfile($input: UpdateTravelProfileInput!) {
    updateTravelProfile(input: $input) {
      memberId
      subject
      roles
      permissions
      workspace { id name plan }
      displayName
      email
    }
  }
`);

type Profile = { displayName: string; email: string };

const FIELDS: FormFields = {
  fieldOf: (path) => ({ "input.displayName": "displayName", "input.email": "email" })[path] ?? null,
  labelOf: (field) => (field === "email" ? "Email" : "Display name"),
};

/** Every problem of the profile at once (auth/profile.py's rules). */
function problemsOfProfile(profile: Profile): Record<string, string> {
  const found: Record<string, string> = {};
  const name = optionalText(profile.displayName, 100);
  if (name) found.displayName = name;
  const email = profile.email.trim();
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) found.email = "Enter an email address like ana@example.com, or leave it empty.";
  else if (email.length > 254) found.email = "Use at most 254 characters.";
  return found;
}

export function AccountPage() {
  usePageTitle("Your profile");
  const { viewer, updateViewer } = useSession();
  const [profile, setProfile] = useState<Profile>({ displayName: viewer?.displayName ?? "", email: viewer?.email ?? "" });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [saved, setSaved] = useState(false);
  const [result, update] = useMutation(UpdateProfileDocument);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstProblem(form, attempt);
  const report = (byField: Record<string, string>, words: string[]) => {
    setProblems(byField);
    setGeneral(words);
    setAttempt((n) => n + 1);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const found = problemsOfProfile(profile);
    if (Object.keys(found).length) return report(found, []);
    setProblems({});
    setGeneral([]);
    const input = { displayName: profile.displayName.trim() || null, email: profile.email.trim() || null };
    const answer = await update({ input }, idempotent(newIdempotencyKey()));
    const now = answer.data?.updateTravelProfile;
    if (now) {
      updateViewer(now);
      setSaved(true);
      return;
    }
    const placed = placeProblems(problemsOf(answer.error), FIELDS);
    report(placed.byField, placed.general);
  };
  const set = (field: keyof Profile) => (e: { target: { value: string } }) => setProfile({ ...profile, [field]: e.target.value });
  return (
    <section className="page account" aria-labelledby="account-title">
      <h1 id="account-title">Your profile</h1>
      <form className="listing-form" onSubmit={submit} noValidate ref={form} aria-labelledby="account-title">
        <Field label="Display name" error={problems.displayName} hint="Hosts see it on your bookings. Leave it empty to show no name.">
          <input value={profile.displayName} onChange={set("displayName")} autoComplete="name" />
        </Field>
        <Field label="Email" error={problems.email} hint="Only you see it.">
          <input type="email" value={profile.email} onChange={set("email")} autoComplete="email" />
        </Field>
        <FormProblems problems={problems} general={general} />
        <button type="submit" className="button primary" aria-disabled={result.fetching || undefined}>
          {result.fetching ? "Saving…" : "Save"}
        </button>
        {saved && (
          <p className="notice notice-success" role="status">
            Saved. {viewer?.displayName ? `Hosts see you as ${viewer.displayName}.` : "Hosts see no name on your bookings."}
          </p>
        )}
      </form>
    </section>
  );
}
