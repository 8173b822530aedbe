import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n';
import { type SearchFilter, searchPath } from '../search-params';

/** Whether the search finds providers or resources (rooms, labs, equipment). */
export function SearchForToggle({ filter }: { filter: SearchFilter }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const resources = filter.entity_type === 'resource';
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      aria-label={t('resourcesSearch.searchFor')}
      value={resources ? 'resource' : 'provider'}
      onChange={(_e, value: string | null) => {
        if (!value) return;
        const { entity_type: _entity, resource_type: _type, ...rest } = filter;
        void navigate(
          searchPath({
            ...rest,
            page_no: '1',
            ...(value === 'resource' ? { entity_type: 'resource' } : {}),
          }),
        );
      }}
      sx={{ mb: 2, mr: 2 }}
    >
      <ToggleButton value="provider">{t('resourcesSearch.providers')}</ToggleButton>
      <ToggleButton value="resource">{t('resourcesSearch.resources')}</ToggleButton>
    </ToggleButtonGroup>
  );
}
