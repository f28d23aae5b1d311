/** Route module of the event calendar /calendar/, loaded lazily by the app's router. */
import '../genres/browse-pages.css';
export { CalendarScreen as Component } from './calendar-screen';
