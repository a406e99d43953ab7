// Moments in the application's time zone, whatever the browser's: the panel's base template
// names the zone the server prints its dates in (settings.TIME_ZONE, as <html data-time-zone>),
// and every script that shows a moment or fills a datetime-local input goes through here, so a
// date reads the same in every browser and beside the dates the server printed.
//
//   formatMoment("2026-11-27T23:30:00Z")             "11/28/26, 12:30 AM" in Europe/Berlin
//   toInputValue("2026-11-27T23:30:00Z")             "2026-11-28T00:30"  (a datetime-local value)
//   fromInputValue("2026-11-28T00:30")               "2026-11-28T00:30:00+01:00"
//
// A wall time the zone skips (the hour clocks go forward) is read as the clock shows it after
// the change, one the zone has twice (the hour clocks go back) as the first of the two: the
// "compatible" reading of JavaScript's Temporal and of most calendars.

const FALLBACK_ZONE = "UTC";
const SHORT = { dateStyle: "short", timeStyle: "short" };
const INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;
const DAY = 24 * 60 * 60 * 1000;

/** The application's time zone: <html data-time-zone>, else UTC. */
export function appTimeZone() {
  return document.documentElement.dataset.timeZone || FALLBACK_ZONE;
}

/** `moment` (a Date, an ISO text or milliseconds) as the page's language writes it, in the
 * application's zone: formatMoment(value, { dateStyle: "long" }). */
export function formatMoment(moment, options = SHORT) {
  const language = document.documentElement.lang || undefined;
  return new Intl.DateTimeFormat(language, { ...options, timeZone: appTimeZone() }).format(new Date(moment));
}

/** The datetime-local input value ("2026-11-28T00:30") of `moment` in the application's zone;
 * "" for no moment. Seconds only when the moment has some. */
export function toInputValue(moment) {
  if (moment === null || moment === undefined || moment === "") return "";
  const time = new Date(moment).getTime();
  if (Number.isNaN(time)) return "";
  const wall = wallClock(time);
  const minutes = `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
  return wall.second ? `${minutes}:${pad(wall.second)}` : minutes;
}

/** The ISO text with the zone's offset ("2026-11-28T00:30:00+01:00") of a datetime-local input
 * value read in the application's zone; null for an empty or malformed value. */
export function fromInputValue(value) {
  const parts = INPUT.exec(value || "");
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.slice(1).map((part) => Number(part || 0));
  const asIfUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(asIfUtc)) return null;
  const time = instantOf(asIfUtc);
  const wall = wallClock(time);
  const offset = Math.round((wallAsUtc(wall) - time) / 60000);
  const sign = offset < 0 ? "-" : "+";
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:`
    + `${pad(wall.second)}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

// The instant the zone's clocks show `asIfUtc` (a wall time written as if it were UTC): the
// offsets of the day before and after are the only two a wall time can have; the earlier
// instant that shows it, else (a skipped time) the reading with the offset before the change.
function instantOf(asIfUtc) {
  const before = asIfUtc - offsetAt(asIfUtc - DAY);
  const after = asIfUtc - offsetAt(asIfUtc + DAY);
  const shown = [before, after].filter((time) => wallAsUtc(wallClock(time)) === asIfUtc);
  return shown.length ? Math.min(...shown) : before;
}

/** Milliseconds the zone's clocks are ahead of UTC at `time`. */
function offsetAt(time) {
  return wallAsUtc(wallClock(time)) - Math.floor(time / 1000) * 1000;
}

function wallAsUtc(wall) {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

const formatters = new Map();

/** {year, month, day, hour, minute, second} the zone's clocks show at `time`. */
function wallClock(time) {
  const zone = appTimeZone();
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric",
      hour: "numeric", minute: "numeric", second: "numeric",
    });
    formatters.set(zone, formatter);
  }
  const wall = {};
  for (const { type, value } of formatter.formatToParts(time)) {
    if (type !== "literal" && type !== "era") wall[type] = Number(value);
  }
  return wall;
}

function pad(number, width = 2) {
  return String(number).padStart(width, "0");
}
