// What the pages tell whoever holds them about a booking made or cancelled: nobody in the web
// app (the default does nothing); the workspace app tells its host page (src/embed/).
import { createContext, useContext } from "react";
import type { Kind } from "./kinds";

export type BookingEvent = {
  bookingId: string;
  referenceCode: string;
  listing: { id: string; kind: Kind; name: string };
  checkIn: string;
  checkOut: string;
  guests: number;
};

export type BookingEvents = {
  created: (event: BookingEvent) => void;
  cancelled: (event: BookingEvent) => void;
};

const NOBODY: BookingEvents = { created() {}, cancelled() {} };

export const BookingEventsContext = createContext<BookingEvents>(NOBODY);

export function useBookingEvents(): BookingEvents {
  return useContext(BookingEventsContext);
}

type Booked = {
  id: string;
  referenceCode: string;
  checkIn: string;
  checkOut: string;
  guests: number;
  target: { id: string; name: string };
};

/** The event of a booking as the API answered it, of a listing of `kind`. */
export function bookingEvent(booking: Booked, kind: Kind): BookingEvent {
  const { id, referenceCode, checkIn, checkOut, guests, target } = booking;
  return { bookingId: id, referenceCode, listing: { id: target.id, kind, name: target.name }, checkIn, checkOut, guests };
}
