import { HomeScreen } from '../../features/browse';

/** The signed-in home (browse feature): carousel and category rows. */
export { HomeScreen };
