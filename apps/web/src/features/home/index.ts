/** The signed-in home (carousel and category rows); genre pages reuse its row. */
export { HomeScreen } from './components/home-screen';
export { ItemRow, toEntries } from './components/item-row';
