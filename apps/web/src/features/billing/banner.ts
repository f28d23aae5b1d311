/** The app-wide past-due banner alone: the layout imports it without the settings sections' code. */
export { PastDueSlot } from './components/past-due-slot';
