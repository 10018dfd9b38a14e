import { redirect } from 'react-router';

/** The original store linked /Gold_Plate-Charm_Bracelets; it is the gold plate charm bracelets listing. */
export function loader() {
  return redirect('/products/category/gold-plate/Charm-Bracelets', 301);
}
