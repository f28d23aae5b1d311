import { AllInCategoryScreen } from '../components/all-in-category-screen';

/** /allincat2/: a category with events, named by its section. */
export function Component() {
  return <AllInCategoryScreen variant={2} />;
}
