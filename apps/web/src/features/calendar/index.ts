/** The event calendar (/calendar/). */
export const calendarRoutes = { calendar: () => import('./routes/calendar') };
