import Translate from '@mui/icons-material/Translate';
import { Button, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { type Language, LANGUAGES, setLanguage, useTranslation } from '../shared/i18n';
import { currentLanguage } from '../shared/i18n';

/**
 * Spec 2.11: the header's language widget (EN, ES, ZH, VI, KO). Each language is offered in its
 * own name, the choice switches every text at once and is kept for the next visit.
 */
export function LanguageMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = currentLanguage();
  const label = LANGUAGES.find((l) => l.code === current)?.label ?? 'EN';
  const choose = (code: Language) => {
    setAnchor(null);
    void setLanguage(code);
  };
  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? 'language-menu' : undefined}
        aria-label={`${t('shell.language')}: ${label}`}
        data-testid="language-menu"
        startIcon={<Translate />}
        sx={{
          fontWeight: 600,
          minWidth: 0,
          px: { xs: 0.5, sm: 1 },
          flexShrink: 0,
          // On a phone the code alone ('VI') leaves room for the longer Log In buttons.
          '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
        }}
      >
        {label}
      </Button>
      <Menu id="language-menu" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((l) => (
          <MenuItem
            key={l.code}
            lang={l.html}
            selected={l.code === current}
            role="menuitemradio"
            aria-checked={l.code === current}
            onClick={() => choose(l.code)}
          >
            <ListItemText primary={l.name} secondary={l.label} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
