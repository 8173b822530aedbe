import { HomePage } from '../../features/home/components/home-page';
import { OnlineDoctorsLink } from '../../features/search/components/online-doctors-link';
import { SearchFilterBar } from '../../features/search/components/search-filter-bar';
import { PassportBanner } from '../../features/vaccination/components/passport-banner';

/** The home page with the search filter in its home-page mode. */
export function HomeRoute() {
  return (
    <HomePage
      filter={<SearchFilterBar mode="home" />}
      online={<OnlineDoctorsLink />}
      passport={<PassportBanner />}
    />
  );
}
