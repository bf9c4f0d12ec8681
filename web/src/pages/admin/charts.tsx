// Small SVG charts with their numbers also in a table for screen readers and keyboard users.
import { useId } from "react";

export type Bar = { label: string; value: number; display: string };

export function BarChart({ title, bars, note }: { title: string; bars: Bar[]; note?: string }) {
  const id = useId();
  const max = Math.max(1, ...bars.map((b) => b.value));
  const row = 34;
  const height = Math.max(row, bars.length * row);
  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      {bars.every((bar) => bar.value === 0) ? (
        <p className="muted">No bookings in this window.</p>
      ) : (
        <>
          <svg viewBox={`0 0 400 ${height}`} role="img" aria-hidden="true" focusable="false" preserveAspectRatio="xMinYMin meet">
            {bars.map((bar, i) => {
              const width = Math.max(2, (bar.value / max) * 150);
              const y = i * row;
              return (
                <g key={bar.label} transform={`translate(0 ${y})`}>
                  <text x="0" y="20" className="chart-label">
                    {bar.label.length > 19 ? `${bar.label.slice(0, 18)}…` : bar.label}
                  </text>
                  <rect x="140" y="6" width={width} height="20" rx="4" className={`chart-bar c${i % 6}`} />
                  <text x={146 + width} y="20" className="chart-value">
                    {bar.display}
                  </text>
                </g>
              );
            })}
          </svg>
          <table className="visually-hidden">
            <caption>{title}</caption>
            <tbody>
              {bars.map((bar) => (
                <tr key={bar.label}>
                  <th scope="row">{bar.label}</th>
                  <td>{bar.display}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {note && <p className="chart-note">{note}</p>}
    </figure>
  );
}

export function Gauge({ title, rate, detail }: { title: string; rate: number; detail: string }) {
  const id = useId();
  const radius = 52;
  const circumference = 2 * Math.PI * radius;
  const percent = Math.round(rate * 1000) / 10;
  return (
    <figure className="chart gauge" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <svg viewBox="0 0 140 140" role="img" aria-label={`${percent}% occupied`} focusable="false">
        <circle cx="70" cy="70" r={radius} className="gauge-track" />
        <circle
          cx="70"
          cy="70"
          r={radius}
          className="gauge-fill"
          strokeDasharray={`${circumference * Math.min(1, rate)} ${circumference}`}
          transform="rotate(-90 70 70)"
        />
        <text x="70" y="76" textAnchor="middle" className="gauge-text">
          {percent}%
        </text>
      </svg>
      <p className="chart-note">{detail}</p>
    </figure>
  );
}
