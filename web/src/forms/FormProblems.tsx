// Beside a form's submit button: how many fields need attention (each says what, next to it),
// and what the API said that names no field.
export function FormProblems({ problems, general }: { problems: Record<string, string>; general: string[] }) {
  const count = Object.keys(problems).length;
  if (!count && !general.length) return null;
  return (
    <div className="form-problems" role="alert">
      {count > 0 && <p>{count === 1 ? "One field needs your attention." : `${count} fields need your attention.`}</p>}
      {general.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </div>
  );
}
