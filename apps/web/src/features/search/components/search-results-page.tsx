import { useObservableState } from 'observable-hooks';
import { settled } from '../../../live/settled';
import { errorMessageOf, UNEXPECTED_ERROR } from '../../../shared/error-message';
import type { ProviderCardView, ProviderSearchResult } from '@medbook/contracts';
import { Alert, Box, CircularProgress, Pagination, Typography } from '@mui/material';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { defer, tap } from 'rxjs';
import { searchProviders } from '../api/search-api';
import {
  DEFAULT_FILTER,
  filterFromQuery,
  searchPath,
  storedSearch,
  storeSearch,
} from '../search-params';
import { ProviderCard } from './provider-card';
import { SearchFilterBar } from './search-filter-bar';
import { SearchRefinements } from './search-refinements';
import { mapPlacesOf, ResultsMapPanel } from './results-map';
import { SearchForToggle } from './search-for-toggle';
import { translateText, useTranslation } from '../../../shared/i18n';

/** Spec 2.2: the results of the filter in the address, a page at a time. */
export function SearchResultsPage({
  availability,
}: {
  availability: (provider: ProviderCardView) => ReactNode;
}) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const filter = useMemo(() => {
    const fromAddress = filterFromQuery(new URLSearchParams(search));
    const kept = storedSearch().filter;
    // The plan ids are not in the address; keep them while the insurance is the same.
    const planIds =
      kept.insurance_name === fromAddress.insurance_name ? kept.insurance_plan_ids : undefined;
    return {
      ...DEFAULT_FILTER,
      ...fromAddress,
      ...(planIds ? { insurance_plan_ids: planIds } : {}),
    };
  }, [search]);
  const result = useObservableState(
    useMemo(
      () =>
        settled(
          defer(() => searchProviders(filter)).pipe(
            tap((found) => storeSearch<ProviderSearchResult>(filter, found)),
          ),
        ),
      [filter],
    ),
  );
  useEffect(() => {
    document.title = t('home.title');
  }, [t]);
  const found = result?.value;
  const places = useMemo(
    () =>
      mapPlacesOf(
        (found?.providers ?? []).map((p) => ({
          facilities: p.facilities,
          entry: { id: p.id, name: p.name.full_name, kind: p.specialty ?? 'Provider' },
        })),
      ),
    [found],
  );
  const pages = found ? Math.max(1, Math.ceil(found.count / found.page_size)) : 1;
  const what =
    filter.condition ??
    filter.specialty ??
    (filter.visit_type === 'Online Now' ? t('search.onlineNow') : t('search.doctors'));
  return (
    <Box>
      <Box sx={{ mb: 3 }}>
        <SearchFilterBar mode="page" initial={filter} key={search} />
      </Box>
      <Box sx={{ mb: 3 }}>
        <SearchRefinements filter={filter} />
      </Box>
      <SearchForToggle filter={filter} />
      {result?.error ? (
        <Alert severity="error">
          {translateText(errorMessageOf(result.error, UNEXPECTED_ERROR))}
        </Alert>
      ) : !found ? (
        <Box sx={{ textAlign: 'center', py: 8 }}>
          <CircularProgress aria-label={t('search.loading')} />
        </Box>
      ) : (
        <>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 0.5 }}>
            {filter.text_field ? t('search.near', { what, place: filter.text_field }) : what}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="result-count">
            {t('search.providers', { count: found.count })}
          </Typography>
          <ResultsMapPanel places={places} />
          {found.providers.length === 0 && <Alert severity="info">{t('search.noResult')}</Alert>}
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            {found.providers.map((provider) => (
              <ProviderCard
                key={provider.id}
                provider={provider}
                availability={availability(provider)}
              />
            ))}
          </Box>
          {pages > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
              <Pagination
                count={pages}
                page={found.page_no}
                color="primary"
                getItemAriaLabel={(type, page) =>
                  type === 'page'
                    ? t('search.page', { page: page ?? '' })
                    : type === 'first'
                      ? t('search.goToFirst')
                      : type === 'last'
                        ? t('search.goToLast')
                        : type === 'next'
                          ? t('search.goToNext')
                          : t('search.goToPrevious')
                }
                onChange={(_e, page) =>
                  void navigate(
                    searchPath({ ...filter, page_no: String(page), page_changed: 'true' }),
                  )
                }
              />
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
