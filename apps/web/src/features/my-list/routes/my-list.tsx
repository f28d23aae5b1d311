import { MyListScreen } from '../components/my-list-screen';

/** /mi-lista/ ("Mi lista", issue 30): its own chunk. */
export function Component() {
  return <MyListScreen />;
}
