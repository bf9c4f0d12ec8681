// A caller's code, type-checked against the built package as a partner imports it (by its name,
// through `exports`): scripts/ts-sdk.sh --check compiles it with test/tsconfig.json. Never run.
import {
  type Booking,
  type CreateTravelBookingInput,
  type Decimal,
  type TravelBookingStatus,
  RateLimitedError,
  TravelClient,
  ValidationError,
} from "travel-marketplace-client";

export async function consumer(client: TravelClient, input: CreateTravelBookingInput): Promise<Decimal> {
  const booking: Booking = await client.createBooking({ input }, { idempotencyKey: "order-1" });
  const status: TravelBookingStatus = booking.status;
  const checkIn: string = booking.checkIn;
  void status;
  void checkIn;
  let count = 0;
  for await (const b of client.iterBookings({ filter: { status: "CONFIRMED" } })) count += b.guests;
  const total: number = await client.iterBookings().count();
  try {
    await client.property({ id: "x" });
  } catch (error) {
    if (error instanceof ValidationError) return error.field ?? String(count + total);
    if (error instanceof RateLimitedError) return String(error.retryAfter);
  }
  // @ts-expect-error a variable the operation does not take
  await client.booking({ id: "x", nope: 1 });
  // @ts-expect-error money is a string, not a number
  const wrong: number = booking.totalPrice;
  void wrong;
  return booking.totalPrice;
}
