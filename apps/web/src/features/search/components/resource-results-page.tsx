import type { ResourceCardView, ResourceSearchResult } from '@medbook/contracts';
import { RESOURCE_TYPES } from '@medbook/contracts';
import {
  Alert,
  Box,
  CircularProgress,
  MenuItem,
  Pagination,
  TextField,
  Typography,
} from '@mui/material';
import { useObservableState } from 'observable-hooks';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { defer } from 'rxjs';
import { settled } from '../../../live/settled';
import { errorMessageOf, UNEXPECTED_ERROR } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { searchResources } from '../api/resource-search-api';
import { DEFAULT_FILTER, filterFromQuery, searchPath } from '../search-params';
import { ResourceCard } from './resource-card';
import { mapPlacesOf, ResultsMapPanel } from './results-map';
import { SearchFilterBar } from './search-filter-bar';
import { SearchForToggle } from './search-for-toggle';

const isResourceType = (value: string): value is (typeof RESOURCE_TYPES)[number] =>
  (RESOURCE_TYPES as readonly string[]).includes(value);

/** Resources (rooms, labs, equipment) found by the filter in the address, a page at a time. */
export function ResourceResultsPage({
  availability,
}: {
  availability: (resource: ResourceCardView) => ReactNode;
}) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const filter = useMemo(
    () => ({ ...DEFAULT_FILTER, ...filterFromQuery(new URLSearchParams(search)) }),
    [search],
  );
  const result = useObservableState(
    useMemo(() => settled(defer(() => searchResources(filter))), [filter]),
  );
  const title = t('resourcesSearch.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  const found: ResourceSearchResult | undefined = result?.value;
  const places = useMemo(
    () =>
      mapPlacesOf(
        (found?.resources ?? []).map((r) => ({
          facilities: r.facilities,
          entry: { id: r.id, name: r.name, kind: t(`resourcesSearch.types.${r.resource_type}`) },
        })),
      ),
    [found, t],
  );
  const pages = found ? Math.max(1, Math.ceil(found.count / found.page_size)) : 1;
  const type = filter.resource_type ?? '';
  // As the providers' sort: distance only from a place; else by name unless asked otherwise.
  const located = Boolean(filter.zip_code || (filter.latitude && filter.longitude));
  const sort = filter.sort_on === 'distance' && !located ? 'name' : (filter.sort_on ?? 'name');
  const sorts: readonly [string, string][] = [
    ...(located ? [['distance', t('search.distance')] as [string, string]] : []),
    ['availability', t('search.availability')],
    ['name', t('search.name')],
  ];
  const heading = isResourceType(type)
    ? t(`resourcesSearch.headings.${type}`)
    : t('resourcesSearch.resources');
  return (
    <Box>
      <Box sx={{ mb: 3 }}>
        <SearchFilterBar mode="page" initial={filter} key={search} />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 0 }}>
        <SearchForToggle filter={filter} />
        <TextField
          select
          size="small"
          label={t('resourcesSearch.resourceType')}
          value={type}
          onChange={(e) =>
            void navigate(
              searchPath({ ...filter, resource_type: e.target.value || undefined, page_no: '1' }),
            )
          }
          sx={{ minWidth: 180, mb: 2 }}
        >
          <MenuItem value="">{t('resourcesSearch.allTypes')}</MenuItem>
          {RESOURCE_TYPES.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {t(`resourcesSearch.types.${kind}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('search.sortBy')}
          value={sorts.some(([value]) => value === sort) ? sort : 'name'}
          onChange={(e) =>
            void navigate(searchPath({ ...filter, sort_on: e.target.value, page_no: '1' }))
          }
          sx={{ minWidth: 180, mb: 2, ml: { xs: 0, sm: 1.5 } }}
          data-testid="resource-sort"
        >
          {sorts.map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
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
            {filter.text_field
              ? t('resourcesSearch.near', { heading, place: filter.text_field })
              : heading}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="result-count">
            {t('resourcesSearch.count', { count: found.count })}
          </Typography>
          <ResultsMapPanel places={places} />
          {found.resources.length === 0 && <Alert severity="info">{t('search.noResult')}</Alert>}
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            {found.resources.map((resource) => (
              <ResourceCard
                key={resource.id}
                resource={resource}
                availability={availability(resource)}
              />
            ))}
          </Box>
          {pages > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
              <Pagination
                count={pages}
                page={found.page_no}
                color="primary"
                getItemAriaLabel={(kind, page) =>
                  kind === 'page'
                    ? t('search.page', { page: page ?? '' })
                    : kind === 'first'
                      ? t('search.goToFirst')
                      : kind === 'last'
                        ? t('search.goToLast')
                        : kind === 'next'
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
