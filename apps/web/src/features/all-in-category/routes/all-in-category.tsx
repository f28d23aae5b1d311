import { AllInCategoryScreen } from '../components/all-in-category-screen';

/** /allincat/: all contents of a category. */
export function Component() {
  return <AllInCategoryScreen variant={1} />;
}
