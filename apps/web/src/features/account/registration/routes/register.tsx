import { RegisterScreen } from '../components/register-screen';

/** /register/ */
export function Component() {
  return <RegisterScreen form="register" />;
}
