import { HomePage } from '../../features/home/components/home-page';
import { SearchFilterBar } from '../../features/search/components/search-filter-bar';

/** The home page with the search filter in its home-page mode. */
export function HomeRoute() {
  return <HomePage filter={<SearchFilterBar mode="home" />} />;
}
