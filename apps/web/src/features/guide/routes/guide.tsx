/** The guide's route module, loaded lazily by the app's router (its own chunk with its CSS). */
import '../components/guide.css';
export { GuideScreen as Component } from '../components/guide-screen';
