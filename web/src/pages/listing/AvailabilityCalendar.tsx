// A month of a listing's availability (the API's `availability(from, to)`), with the chosen
// dates marked and each date's price (seasonal prices included); each open day is a button that
// picks it.
import { formatMoneyShort } from "../../lib/money";
import { addDays, addMonths, firstOfMonth, formatMonth, lastOfMonth, todayUtc } from "../../lib/dates";

export type Day = { date: string; capacity: number; available: number; price: string };

type Props = {
  month: string; // any day of the month shown
  days: Day[];
  unit: string; // "room" or "place"
  currency: string;
  selected: { first: string; last: string } | null;
  onMonth: (month: string) => void;
  onPick?: (date: string) => void;
  loading?: boolean;
};

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

export function AvailabilityCalendar({ month, days, unit, currency, selected, onMonth, onPick, loading }: Props) {
  const first = firstOfMonth(month);
  const last = lastOfMonth(month);
  const byDate = new Map(days.map((d) => [d.date, d]));
  const offset = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday first
  const cells: (string | null)[] = Array.from({ length: offset }, () => null);
  for (let day = first; day <= last; day = addDays(day, 1)) cells.push(day);
  const today = todayUtc();
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return (
    <div className="calendar" aria-busy={loading}>
      <div className="calendar-head">
        <button type="button" className="icon-button" onClick={() => onMonth(addMonths(first, -1))} disabled={first <= firstOfMonth(today)} aria-label="Previous month">
          ‹
        </button>
        <h3 aria-live="polite">{formatMonth(first)}</h3>
        <button type="button" className="icon-button" onClick={() => onMonth(addMonths(first, 1))} aria-label="Next month">
          ›
        </button>
      </div>
      <table>
        <caption className="visually-hidden">
          Availability in {formatMonth(first)}: {unit}s free per date
        </caption>
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col" abbr={d}>
                {d.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, i) => (
            <tr key={i}>
              {week.map((date, j) => {
                if (!date) return <td key={j} />;
                const info = byDate.get(date);
                const free = info?.available ?? 0;
                const past = date < today;
                const open = !past && free > 0;
                const chosen = selected && date >= selected.first && date <= selected.last;
                const closedBecause = past ? "past" : "not running";
                const className = `day ${open ? "open" : "closed"} ${chosen ? "chosen" : ""} ${free > 0 && info && free < info.capacity ? "few" : ""}`;
                // The name a screen reader reads is the visible day and count plus hidden words
                // ("17 December 2026, 2 rooms free"), so what is seen is part of what is said.
                const content = (
                  <>
                    <span className="day-number">{Number(date.slice(8))}</span>
                    <span className="visually-hidden"> {formatMonth(date)}, </span>
                    {!past && info?.capacity ? <span className="day-free">{free}</span> : null}
                    <span className="visually-hidden">
                      {past || !info?.capacity ? closedBecause : ` ${unit}${free === 1 ? "" : "s"} free, `}
                    </span>
                    {open && info ? <span className="day-price">{formatMoneyShort(info.price, currency)}</span> : null}
                  </>
                );
                return (
                  <td key={date}>
                    {onPick && open ? (
                      <button type="button" className={className} aria-pressed={!!chosen} onClick={() => onPick(date)}>
                        {content}
                      </button>
                    ) : (
                      <span className={className}>{content}</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="calendar-legend">
        Numbers are {unit}s still free on that date, with its price per {unit === "room" ? "night" : "person"}.
      </p>
    </div>
  );
}
