// The package's entry point: the client, its errors, the environment resolution and the types.
export { TravelClient } from "./client.js";
export {
  MAX_PAGE_SIZE,
  Paged,
  VERSION,
  type CallOptions,
  type ClientOptions,
  type ExecuteOptions,
  type Fetch,
  type GraphQLResponse,
  type MutationOptions,
  type OperationSpec,
  type PageOptions,
  type RateLimit,
} from "./connection.js";
export * from "./errors.js";
export { credential, DEFAULT_BASE_URLS, environment, resolveUrl, type Env, type Environment } from "./environments.js";
export { isMutation } from "./retry.js";
export { operations, type OperationName } from "./generated/operations.js";
export type * from "./generated/types.js";
export type { DateString, DateTimeString, Decimal } from "./scalars.js";
export type {
  ActivityFragment as Activity,
  AnalyticsFragment as Analytics,
  AvailabilityFragment as Availability,
  BookingFragment as Booking,
  EventFragment as Event,
  FavoriteFragment as Favorite,
  ListingFragment as Listing,
  PropertyFragment as Property,
  ProviderFragment as Provider,
  TourFragment as Tour,
  TripFragment as Trip,
  ViewerFragment as Viewer,
} from "./generated/types.js";
