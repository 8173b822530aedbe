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
import { searchResources } from '../api/resource-search-api';
import { DEFAULT_FILTER, filterFromQuery, searchPath } from '../search-params';
import { ResourceCard } from './resource-card';
import { mapPlacesOf, ResultsMapToggle } from './results-map';
import { SearchFilterBar } from './search-filter-bar';
import { SearchForToggle } from './search-for-toggle';

/** Resources (rooms, labs, equipment) found by the filter in the address, a page at a time. */
export function ResourceResultsPage({
  availability,
}: {
  availability: (resource: ResourceCardView) => ReactNode;
}) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const filter = useMemo(
    () => ({ ...DEFAULT_FILTER, ...filterFromQuery(new URLSearchParams(search)) }),
    [search],
  );
  const result = useObservableState(
    useMemo(() => settled(defer(() => searchResources(filter))), [filter]),
  );
  useEffect(() => {
    document.title = 'Find a Room, Lab or Equipment | Schedule Online';
  }, []);
  const found: ResourceSearchResult | undefined = result?.value;
  const places = useMemo(
    () =>
      mapPlacesOf(
        (found?.resources ?? []).map((r) => ({
          facilities: r.facilities,
          entry: { id: r.id, name: r.name, kind: r.resource_type },
        })),
      ),
    [found],
  );
  const pages = found ? Math.max(1, Math.ceil(found.count / found.page_size)) : 1;
  const type = filter.resource_type ?? '';
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
          label="Resource type"
          value={type}
          onChange={(e) =>
            void navigate(
              searchPath({ ...filter, resource_type: e.target.value || undefined, page_no: '1' }),
            )
          }
          sx={{ minWidth: 180, mb: 2 }}
        >
          <MenuItem value="">All types</MenuItem>
          {RESOURCE_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {result?.error ? (
        <Alert severity="error">{errorMessageOf(result.error, UNEXPECTED_ERROR)}</Alert>
      ) : !found ? (
        <Box sx={{ textAlign: 'center', py: 8 }}>
          <CircularProgress aria-label="Loading..." />
        </Box>
      ) : (
        <>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 0.5 }}>
            {type ? `${type}s` : 'Rooms, labs & equipment'}
            {filter.text_field ? ` near ${filter.text_field}` : ''}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="result-count">
            {found.count === 1 ? '1 resource' : `${found.count} resources`}
          </Typography>
          <ResultsMapToggle places={places} />
          {found.resources.length === 0 && (
            <Alert severity="info">No Result Found. Try a different search.</Alert>
          )}
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
                  kind === 'page' ? `Page ${page ?? ''}` : `Go to ${kind} page`
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
