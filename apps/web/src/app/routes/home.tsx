import { HomeScreen } from '../../features/home';

/** The signed-in home (home feature): carousel and category rows. */
export { HomeScreen };
