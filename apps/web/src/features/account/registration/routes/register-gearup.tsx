import { RegisterScreen } from '../components/register-screen';

/** /register_gearup/: the simpler form, without country and sport. */
export function Component() {
  return <RegisterScreen form="gearup" />;
}
