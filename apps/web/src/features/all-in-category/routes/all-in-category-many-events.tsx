import { AllInCategoryScreen } from '../components/all-in-category-screen';

/** /allincat3/: more than 80 events, grouped by day. */
export function Component() {
  return <AllInCategoryScreen variant={3} />;
}
