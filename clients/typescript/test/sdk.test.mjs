// The built SDK (dist/) against a live server: every operation once, errors as classes, an
// idempotent retry after a lost answer that books once, and auto-paging over several pages.
// Run by tests/client/test_typescript_sdk.py, which starts the server and passes:
//   TRAVEL_TEST_API_URL  the gateway   TRAVEL_TEST_KEYS  {"traveler", "host", "admin", …} as JSON
//   TRAVEL_TEST_PHOTO    a JPEG file to upload
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { before, describe, test } from "node:test";

import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  operations,
  RateLimitedError,
  resolveUrl,
  ServiceUnavailableError,
  TransportError,
  TravelApiError,
  TravelClient,
  TravelError,
  UnauthenticatedError,
  UnavailableError,
  UnknownEnvironmentError,
  ValidationError,
} from "../dist/index.js";

const url = process.env.TRAVEL_TEST_API_URL;
const keys = JSON.parse(process.env.TRAVEL_TEST_KEYS ?? "{}");
const photoPath = process.env.TRAVEL_TEST_PHOTO;
if (!url || !keys.traveler || !photoPath) {
  throw new Error("set TRAVEL_TEST_API_URL, TRAVEL_TEST_KEYS and TRAVEL_TEST_PHOTO (tests/client/test_typescript_sdk.py does)");
}

// Every request of every client goes through this fetch: it records which operation ran.
const called = new Set();
function recording(inner = fetch) {
  return async (input, init) => {
    if (typeof init.body === "string") {
      const name = /^(?:query|mutation) (\w+)/.exec(JSON.parse(init.body).query)?.[1];
      if (name) called.add(name);
    }
    return inner(input, init);
  };
}
const client = (key, options = {}) =>
  new TravelClient({ url, credential: key, env: {}, ...options, fetch: recording(options.fetch) });

function day(offset) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

const host = () => client(keys.host);
const traveler = () => client(keys.traveler);
const made = {};

before(async () => {
  const h = host();
  made.provider = await h.createProvider({ input: { name: "Casa Azul", type: "HOST" } });
  made.operator = await h.createProvider({ input: { name: "Lisbon Walks", type: "OPERATOR" } });
  made.stay = await h.createProperty({
    input: { providerId: made.provider.id, name: "Alfama Loft", location: "Lisbon", pricePerNight: "120.00", currency: "EUR", units: 1, maxGuests: 2 },
  });
  made.tour = await h.createTour({ input: { providerId: made.operator.id, name: "Old Town Walk", location: "Lisbon", price: "25.00", capacity: 12, durationMinutes: 90 } });
  made.activity = await h.createActivity({ input: { providerId: made.operator.id, name: "Surf Lesson", location: "Cascais", price: "40.00", capacity: 6 } });
  made.event = await h.createEvent({
    input: { providerId: made.operator.id, name: "Fado Night", location: "Lisbon", price: "30.00", capacity: 50, startsAt: `${day(30)}T19:00:00Z`, endsAt: `${day(30)}T22:00:00Z` },
  });
  made.trip = await h.createTrip({
    input: { providerId: made.operator.id, name: "Lisbon to Porto", location: "Lisbon", price: "35.50", capacity: 40, origin: "Lisbon", destination: "Porto", departsAt: `${day(31)}T08:00:00Z`, mode: "TRAIN" },
  });
});

describe("the gateway and the credential", () => {
  test("resolve like the Python SDK's (PLATFORM_ENV, TRAVEL_API_URL)", () => {
    assert.equal(resolveUrl({}), "https://api.travel.example/workspaces/graphql");
    assert.equal(resolveUrl({ PLATFORM_ENV: "" }), "https://api.travel.example/workspaces/graphql");
    assert.equal(resolveUrl({ PLATFORM_ENV: "alpha" }), "https://api.alpha.travel.example/workspaces/graphql");
    assert.equal(resolveUrl({ PLATFORM_ENV: "local" }), "http://localhost:4003/workspaces/graphql");
    assert.equal(resolveUrl({ PLATFORM_ENV: "prod", TRAVEL_PROD_BASE_URL: "https://x.test/" }), "https://x.test/workspaces/graphql");
    assert.equal(resolveUrl({ PLATFORM_ENV: "local", TRAVEL_API_URL: " https://gw.test/graphql " }), "https://gw.test/graphql");
    assert.throws(() => resolveUrl({ PLATFORM_ENV: "PROD", TRAVEL_API_URL: "https://gw.test" }), UnknownEnvironmentError);
    const fromEnv = new TravelClient({ env: { TRAVEL_API_URL: url, TRAVEL_TOKEN: "t", TRAVEL_API_KEY: " k " } });
    assert.equal(fromEnv.url, url);
    assert.equal(fromEnv.credential, "k");
  });
});

describe("every operation", () => {
  test("the catalog: hosts create and update, travelers read, search and check availability", async () => {
    const h = host();
    const t = traveler();
    assert.equal(made.stay.pricePerNight, "120.00"); // money is a decimal string
    assert.equal(made.stay.provider.id, made.provider.id);
    assert.equal(made.event.startsAt.slice(0, 10), day(30));
    assert.ok(await t.ping() >= 0);
    for (const [kind, list, one, count, calendar] of [
      ["stay", "properties", "property", "propertiesCount", "propertyAvailability"],
      ["tour", "tours", "tour", "toursCount", "tourAvailability"],
      ["activity", "activities", "activity", "activitiesCount", "activityAvailability"],
      ["event", "events", "event", "eventsCount", "eventAvailability"],
      ["trip", "trips", "trip", "tripsCount", "tripAvailability"],
    ]) {
      const id = made[kind].id;
      assert.ok((await t[list]()).some((x) => x.id === id), list);
      assert.equal((await t[one]({ id })).id, id, one);
      assert.ok((await t[count]()) >= 1, count);
      const { availability } = await t[calendar]({ id, from: day(30), to: day(31) });
      assert.equal(availability.length, 2, calendar);
    }
    assert.deepEqual((await t.providers({ filter: { type: "OPERATOR" } })).map((p) => p.name), ["Lisbon Walks"]);
    assert.equal((await t.provider({ id: made.provider.id })).type, "HOST");
    assert.equal(await t.providersCount(), 2);
    const found = await t.search({ text: "lisbn", pagination: { skip: 0, take: 10 } });
    assert.equal(found.didYouMean, "lisbon");
    assert.ok(found.listings.some((l) => l.__typename === "TravelProperty" && l.id === made.stay.id));
    const facets = await t.searchFacets({ text: "lisbon", top: 3 });
    assert.ok(facets.facets.kinds.length >= 1);
    assert.ok((await t.suggest({ prefix: "lis", limit: 4 })).length >= 1);

    const renamed = await h.updateProvider({ input: { id: made.operator.id, name: "Lisbon Walks & Co", expectedVersion: 1 } });
    assert.equal(renamed.version, 2);
    const stay = await h.updateProperty({ input: { id: made.stay.id, description: "Balcony over the river" } });
    assert.equal(stay.description, "Balcony over the river");
    assert.equal((await h.updateTour({ input: { id: made.tour.id, durationMinutes: 120 } })).durationMinutes, 120);
    assert.equal((await h.updateActivity({ input: { id: made.activity.id, price: "42.50" } })).price, "42.50");
    assert.equal((await h.updateEvent({ input: { id: made.event.id, capacity: 60 } })).capacity, 60);
    assert.equal((await h.updateTrip({ input: { id: made.trip.id, destination: "Porto Campanhã" } })).destination, "Porto Campanhã");

    const paused = await h.pauseListing({ id: made.activity.id });
    assert.equal(paused.status, "PAUSED");
    assert.equal((await h.resumeListing({ id: made.activity.id, expectedVersion: paused.version })).status, "ACTIVE");
    const spare = await h.createTour({ input: { providerId: made.operator.id, name: "Spare", location: "Faro", price: "5.00", capacity: 2 } });
    assert.equal((await h.archiveListing({ id: spare.id })).status, "ARCHIVED");

    const block = await h.blockDates({ input: { listingId: made.stay.id, startsOn: day(40), endsOn: day(41), note: "paint" } });
    assert.equal(block.note, "paint");
    assert.equal((await h.unblockDates({ id: block.id })).id, made.stay.id);
    const season = await h.setSeasonalPrice({ input: { listingId: made.stay.id, startsOn: day(42), endsOn: day(42), price: "150.00" } });
    assert.equal(season.price, "150.00");
    assert.equal((await h.removeSeasonalPrice({ id: season.id })).id, made.stay.id);

    const photo = await h.uploadPhoto(made.stay.id, await readFile(photoPath), "The living room");
    assert.equal(photo.alt, "The living room");
    const moved = await h.updatePhoto({ input: { id: photo.id, alt: "Living room, river view" } });
    assert.equal(moved.alt, "Living room, river view");
    assert.equal((await h.removePhoto({ id: photo.id })).id, made.stay.id);
  });

  test("bookings, the wishlist, the viewer and the figures", async () => {
    const t = traveler();
    const booked = await t.createBooking({ input: { targetType: "EVENT", targetId: made.event.id, checkIn: day(30), guests: 2 } });
    assert.equal(booked.status, "CONFIRMED");
    assert.equal(booked.paymentStatus, "PAID");
    assert.match(booked.referenceCode, /^TRV-EVENT-/);
    assert.equal(booked.totalPrice, "60.00");
    assert.equal(booked.checkIn, day(30));
    assert.equal(booked.target.__typename, "TravelEvent");
    assert.equal((await t.booking({ id: booked.id })).id, booked.id);
    assert.ok((await t.bookings()).some((b) => b.id === booked.id));
    assert.equal(await t.bookingsCount({ filter: { targetId: made.event.id } }), 1);
    const cancelled = await t.cancelBooking({ id: booked.id, reason: "plans changed" });
    assert.equal(cancelled.status, "CANCELLED");
    assert.deepEqual(cancelled.timeline.map((s) => s.to), ["CONFIRMED", "CANCELLED"]);

    assert.equal(await t.toggleFavorite({ targetType: "TOUR", targetId: made.tour.id }), true);
    assert.deepEqual((await t.favorites()).map((f) => f.targetId), [made.tour.id]);
    assert.equal(await t.favoritesCount(), 1);
    assert.equal(await t.toggleFavorite({ targetType: "TOUR", targetId: made.tour.id }), false);

    const me = await t.viewer();
    assert.deepEqual(me.roles, ["TRAVELER"]);
    assert.equal((await t.updateProfile({ input: { displayName: "Ana" } })).displayName, "Ana");
    const admin = client(keys.admin);
    const stats = await admin.overviewStats();
    assert.equal(typeof stats.totalRevenue, "string");
    const mix = await admin.workspaceAnalytics({ from: day(0), to: day(60) });
    assert.ok(Array.isArray(mix.categoryMix));
  });
});

describe("auto-paging", () => {
  test("for await goes over more than one page, and count() runs the …Count query", async () => {
    const h = host();
    for (let i = 0; i < 4; i += 1) {
      await h.createTour({ input: { providerId: made.operator.id, name: `Walk ${i}`, location: "Porto", price: "10.00", capacity: 5 } });
    }
    let requests = 0;
    const counting = client(keys.traveler, { fetch: (input, init) => ((requests += 1), fetch(input, init)) });
    const tours = counting.iterTours({ filter: { location: "Porto" } }, { pageSize: 2 });
    const names = [];
    for await (const tour of tours) names.push(tour.name);
    assert.deepEqual(names.sort(), ["Walk 0", "Walk 1", "Walk 2", "Walk 3"]);
    assert.equal(requests, 3); // 2 + 2 + an empty page
    assert.equal(await tours.count(), 4);
    const all = await counting.iterProperties().toArray();
    assert.ok(all.some((p) => p.id === made.stay.id));
    for (const name of ["iterBookings", "iterFavorites", "iterProviders", "iterActivities", "iterEvents", "iterTrips"]) {
      assert.equal(typeof counting[name], "function", name);
    }
    assert.equal(await counting.iterProviders().count(), 2);
    assert.throws(() => counting.iterTours({}, { pageSize: 101 }), RangeError);
  });
});

describe("retries", () => {
  test("a booking whose answer was lost is retried with the same Idempotency-Key and books once", async () => {
    const stay = await host().createProperty({
      input: { providerId: made.provider.id, name: "Single Room", location: "Sintra", pricePerNight: "80.00", units: 1 },
    });
    const sentKeys = [];
    let dropped = false;
    const losing = async (input, init) => {
      sentKeys.push(init.headers["Idempotency-Key"]);
      const answer = await fetch(input, init);
      if (!dropped && init.body.includes("mutation CreateBooking")) {
        dropped = true;
        await answer.arrayBuffer(); // the service acted and answered; the answer never arrives
        throw new TypeError("fetch failed", { cause: new Error("socket hang up") });
      }
      return answer;
    };
    const retries = [];
    const t = client(keys.traveler, { fetch: losing, onRetry: (info) => retries.push(info) });
    const booked = await t.createBooking({ input: { targetType: "PROPERTY", targetId: stay.id, checkIn: day(50), checkOut: day(52) } });
    assert.equal(booked.status, "CONFIRMED");
    assert.equal(sentKeys.length, 2);
    assert.ok(sentKeys[0]);
    assert.equal(sentKeys[0], sentKeys[1]);
    assert.equal(retries.length, 1);
    assert.ok(retries[0].error instanceof TransportError);
    const reader = traveler();
    assert.equal(await reader.bookingsCount({ filter: { targetId: stay.id } }), 1);
    assert.deepEqual((await reader.bookings({ filter: { targetId: stay.id } })).map((b) => b.id), [booked.id]);
  });

  test("a raw mutation without a key is never repeated; a query is", async () => {
    let attempts = 0;
    const failing = async () => {
      attempts += 1;
      throw new TypeError("fetch failed");
    };
    const t = new TravelClient({ url, credential: keys.traveler, env: {}, fetch: failing, maxRetries: 1 });
    await assert.rejects(t.query("mutation { toggleTravelFavorite(targetType: TOUR, targetId: \"x\") }"), TransportError);
    assert.equal(attempts, 1);
    await assert.rejects(t.query("# a comment\nquery { travelViewer { roles } }"), TransportError);
    assert.equal(attempts, 3);
  });

  test("429 waits for Retry-After; longer than maxRetryWait is thrown with retryAfter; 503 is retried, then thrown", async () => {
    const answers = [];
    const scripted = async (input, init) => {
      const next = answers.shift();
      return next ? next() : fetch(input, init);
    };
    const limited = (seconds) => () =>
      new Response(JSON.stringify({ errors: [{ message: "over quota", extensions: { code: "RATE_LIMITED" } }] }), {
        status: 429,
        headers: { "Retry-After": String(seconds), "Content-Type": "application/json" },
      });
    const t = client(keys.traveler, { fetch: scripted });
    answers.push(limited(0));
    assert.ok((await t.viewer()).roles.length);
    answers.push(limited(120));
    const error = await t.viewer().catch((e) => e);
    assert.ok(error instanceof RateLimitedError);
    assert.equal(error.retryAfter, 120);
    assert.equal(error.code, "RATE_LIMITED");
    const down = () =>
      new Response(JSON.stringify({ errors: [{ message: "database unavailable", extensions: { code: "SERVICE_UNAVAILABLE", retryAfter: 0 } }] }), {
        status: 503,
        headers: { "Retry-After": "0" },
      });
    const impatient = client(keys.traveler, { fetch: scripted, maxRetries: 1 });
    answers.push(down, down);
    await assert.rejects(impatient.viewer(), (e) => e instanceof ServiceUnavailableError && e.status === 503);
    assert.equal(answers.length, 0);
  });
});

describe("errors", () => {
  test("each API code is a class, with the field path of an invalid input", async () => {
    const t = traveler();
    await assert.rejects(client("trv_not_a_key").viewer(), (e) => e instanceof UnauthenticatedError && e.status === 401);
    await assert.rejects(t.createProvider({ input: { name: "Not mine", type: "HOST" } }), (e) => e instanceof ForbiddenError && e.code === "FORBIDDEN");
    await assert.rejects(t.booking({ id: made.stay.id }), (e) => e instanceof NotFoundError && e instanceof TravelApiError && e instanceof TravelError);
    const invalid = await t.createBooking({ input: { targetType: "PROPERTY", targetId: made.stay.id, checkIn: "2001-01-01", checkOut: "2001-01-03" } }).catch((e) => e);
    assert.ok(invalid instanceof ValidationError, String(invalid));
    assert.equal(invalid.field, "input.checkIn");
    assert.ok(invalid.fields.some((f) => f.field === "input.checkIn"));
    await assert.rejects(t.properties({ pagination: { skip: 0, take: 500 } }), ValidationError);
    await t.createBooking({ input: { targetType: "PROPERTY", targetId: made.stay.id, checkIn: day(60), checkOut: day(61) } });
    await assert.rejects(
      t.createBooking({ input: { targetType: "PROPERTY", targetId: made.stay.id, checkIn: day(60), checkOut: day(61) } }),
      UnavailableError,
    );
    const stale = await host().updateProvider({ input: { id: made.provider.id, name: "Stale", expectedVersion: 99 } }).catch((e) => e);
    assert.ok(stale instanceof ConflictError);
    assert.equal(stale.currentVersion, 1);
    const nowhere = new TravelClient({ url: "http://127.0.0.1:9/workspaces/graphql", credential: "x", env: {}, maxRetries: 0 });
    await assert.rejects(nowhere.viewer(), (e) => e instanceof TransportError && e.status === undefined);
  });

  test("extra headers are sent; the SDK's own cannot be replaced", async () => {
    let seen;
    const t = client(keys.traveler, { headers: { "X-Request-Id": "order-7f3a9c21" }, fetch: (input, init) => ((seen = init.headers), fetch(input, init)) });
    await t.viewer();
    assert.equal(seen["X-Request-Id"], "order-7f3a9c21");
    assert.match(seen["Authorization"], /^Bearer /);
    assert.equal(t.rateLimit?.limit !== undefined, true);
    assert.throws(() => new TravelClient({ url, env: {}, headers: { authorization: "Bearer x" } }), TypeError);
  });
});

describe("docs/sdk.md", () => {
  test("its first TypeScript program runs as written: it pages, books and catches errors", async () => {
    const page = await readFile(fileURLToPath(new URL("../../../docs/sdk.md", import.meta.url)), "utf8");
    const block = /<!-- ts-example -->\n```js\n([\s\S]*?)```\n<!-- \/ts-example -->/.exec(page)?.[1];
    assert.ok(block, "docs/sdk.md has no <!-- ts-example --> block");
    const dist = pathToFileURL(fileURLToPath(new URL("../dist/index.js", import.meta.url))).href;
    const dir = await mkdtemp(join(tmpdir(), "travel-sdk-example-"));
    const program = join(dir, "book.mjs");
    await writeFile(program, block.replace('from "travel-marketplace-client"', `from ${JSON.stringify(dist)}`));
    const { stdout } = await promisify(execFile)(process.execPath, [program], {
      env: { PATH: process.env.PATH, TRAVEL_API_URL: url, TRAVEL_API_KEY: keys.traveler2 },
    });
    assert.match(stdout, /^\d+ stays; \d+ by travelPropertiesCount$/m);
    assert.match(stdout, /^TRV-PROPERTY-\S+ CONFIRMED PAID \d+\.\d\d \w{3}$/m);
    assert.match(stdout, /^not found: NOT_FOUND$/m);
    assert.match(stdout, /^invalid: input\.checkIn - .+ true$/m);
  });
});

describe("coverage", () => {
  test("every operation of the SDK ran at least once", () => {
    const missing = Object.keys(operations).filter((name) => !called.has(name));
    assert.deepEqual(missing, []);
  });
});
