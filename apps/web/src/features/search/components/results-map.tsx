import type { MapConfigView, SearchFacilityView } from '@medbook/contracts';
import MapIcon from '@mui/icons-material/Map';
import { Alert, Box, Button, Link, Paper, Typography } from '@mui/material';
import type { Map as LeafletMap, Marker } from 'leaflet';
import { useObservableState } from 'observable-hooks';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../../shared/api-client';
import { translateText, useTranslation } from '../../../shared/i18n';
import { resultsMapShown$, toggleResultsMap } from '../results-map-state';

/** Who or what is found at a facility: a provider or a resource of the results. */
export interface MapEntry {
  readonly id: string;
  readonly name: string;
  /** 'Provider', or the resource's type (Room, Lab, Equipment). */
  readonly kind: string;
}

/** One marker: a facility of the results and everyone found there. */
export interface MapPlace {
  readonly facility_id: string;
  readonly name: string;
  readonly address: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly entries: readonly MapEntry[];
}

/** One marker per facility of the results (those placed by their zip code), in result order. */
export function mapPlacesOf(
  results: readonly { facilities: readonly SearchFacilityView[]; entry: MapEntry }[],
): MapPlace[] {
  const places = new Map<string, MapPlace & { entries: MapEntry[] }>();
  for (const { facilities, entry } of results) {
    for (const f of facilities) {
      if (f.latitude === null || f.longitude === null) continue;
      const known = places.get(f.facility_id);
      if (known) {
        if (!known.entries.some((e) => e.id === entry.id)) known.entries.push(entry);
        continue;
      }
      places.set(f.facility_id, {
        facility_id: f.facility_id,
        name: f.name,
        address: `${f.address.address1}, ${f.address.city}, ${f.address.state} ${f.address.zip_code}`,
        latitude: f.latitude,
        longitude: f.longitude,
        entries: [entry],
      });
    }
  }
  return [...places.values()];
}

let mapConfig: Promise<MapConfigView> | null = null;
/** The tile source, asked once: none means a blank local style (no network but our API). */
const loadMapConfig = (): Promise<MapConfigView> => {
  mapConfig ??= api<MapConfigView>('GET', '/search/map-config').catch(() => {
    mapConfig = null;
    return { tile_url: null, attribution: null };
  });
  return mapConfig;
};

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const popupHtml = (place: MapPlace): string =>
  `<strong>${escapeHtml(place.name)}</strong><br><span>${escapeHtml(place.address)}</span>` +
  `<ul style="margin:6px 0 0;padding-left:18px">${place.entries
    .map(
      (e) => `<li>${escapeHtml(e.name)} <small>(${escapeHtml(translateText(e.kind))})</small></li>`,
    )
    .join('')}</ul>`;

const label = (place: MapPlace): string =>
  `${place.name}: ${place.entries.map((e) => e.name).join(', ')}`;

/**
 * The results on a map (Leaflet): one marker per facility, each a keyboard-reachable button whose
 * popup lists the providers and resources there; the same places as a list below it.
 */
function LeafletResultsMap({ places }: { places: readonly MapPlace[] }) {
  const element = useRef<HTMLDivElement | null>(null);
  const markers = useRef(new Map<string, Marker>());
  const [failed, setFailed] = useState(false);
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    const container = element.current;
    if (!container) return;
    let map: LeafletMap | null = null;
    let gone = false;
    void Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css'), loadMapConfig()])
      .then(([L, , config]) => {
        // Leaflet's ES module has named exports only (no default).
        if (gone) return;
        map = L.map(container, { scrollWheelZoom: false, keyboard: true });
        if (config.tile_url) {
          L.tileLayer(config.tile_url, {
            attribution: config.attribution ?? '',
            maxZoom: 19,
          }).addTo(map);
        }
        // The view first: markers are drawn (and their elements exist) once the map has one.
        const bounds = L.latLngBounds(places.map((p) => [p.latitude, p.longitude]));
        if (places.length === 1) map.setView(bounds.getCenter(), 13);
        else map.fitBounds(bounds, { padding: [40, 40], maxZoom: 13 });
        markers.current.clear();
        for (const place of places) {
          const marker = L.marker([place.latitude, place.longitude], {
            title: label(place),
            alt: label(place),
            keyboard: true,
            icon: L.divIcon({
              className: 'results-map-marker',
              html: '<span></span>',
              iconSize: [32, 32],
              iconAnchor: [16, 32],
              popupAnchor: [0, -30],
            }),
          })
            .bindPopup(popupHtml(place))
            .addTo(map);
          const icon = marker.getElement();
          icon?.setAttribute('aria-label', label(place));
          icon?.setAttribute('data-testid', 'map-marker');
          markers.current.set(place.facility_id, marker);
        }
      })
      .catch(() => {
        if (!gone) setFailed(true);
      });
    return () => {
      gone = true;
      map?.remove();
    };
  }, [places, language]);
  if (failed) return <Alert severity="error">{t('resourcesSearch.mapFailed')}</Alert>;
  return (
    <>
      <Box
        ref={element}
        role="region"
        aria-label={t('resourcesSearch.mapRegion')}
        data-testid="results-map"
        sx={{
          height: { xs: 300, md: 420 },
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
          // The blank local style: a plain land colour under the markers when no tiles are set.
          bgcolor: '#eef3f1',
          '& .results-map-marker': {
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontWeight: 700,
            fontSize: 14,
            borderRadius: '50% 50% 50% 0',
            transform: 'rotate(-45deg)',
            border: '2px solid #fff',
            boxShadow: 2,
            // A white dot in the pin (no text: the marker's name is its accessible name).
            '& span': { width: 10, height: 10, borderRadius: '50%', bgcolor: '#fff' },
            '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main' },
          },
        }}
      />
      <Typography variant="subtitle2" component="h2" sx={{ mt: 2, mb: 1 }}>
        {t('resourcesSearch.locations')}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 3 }} data-testid="map-list">
        {places.map((place) => (
          <li key={place.facility_id}>
            <Link
              component="button"
              type="button"
              variant="body2"
              sx={{ textAlign: 'left', fontWeight: 600 }}
              onClick={() => markers.current.get(place.facility_id)?.openPopup()}
            >
              {place.name}
            </Link>
            <Typography variant="body2" color="text.secondary">
              {place.address} ·{' '}
              {place.entries.map((e) => `${e.name} (${translateText(e.kind)})`).join(', ')}
            </Typography>
          </li>
        ))}
      </Box>
    </>
  );
}

/** The Map button (spec 2.11: in the header): shows the search results on a map, or hides it. */
export function ResultsMapButton() {
  const shown = useObservableState(resultsMapShown$, false);
  const { t } = useTranslation();
  return (
    <Button
      variant={shown ? 'contained' : 'outlined'}
      size="small"
      startIcon={<MapIcon />}
      aria-pressed={shown}
      aria-controls={shown ? 'results-map' : undefined}
      aria-label={t('resourcesSearch.map')}
      onClick={toggleResultsMap}
      data-testid="results-map-button"
      sx={{
        flexShrink: 0,
        minWidth: 0,
        // A phone's header has room for the icon only (its name stays Map).
        '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
      }}
    >
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {t('resourcesSearch.map')}
      </Box>
    </Button>
  );
}

/** The results on a map, under the results' heading, while the header's Map button is on. */
export function ResultsMapPanel({ places }: { places: readonly MapPlace[] }) {
  const shown = useObservableState(resultsMapShown$, false);
  const { t } = useTranslation();
  if (!shown) return null;
  return (
    <Paper id="results-map" variant="outlined" sx={{ p: 2, mb: 2, borderRadius: 3 }}>
      {places.length === 0 ? (
        <Typography color="text.secondary">{t('resourcesSearch.noLocation')}</Typography>
      ) : (
        <LeafletResultsMap places={places} />
      )}
    </Paper>
  );
}
