/** Route module of the event calendar /calendar/, loaded lazily by the app's router. */
export { CalendarScreen as Component } from '../components/calendar-screen';
