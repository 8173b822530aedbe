import { AUDIT_KINDS, type AuditEntryView } from '@medbook/contracts';
import { Alert, Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { patientDetailsApi } from '../../../shared/patient-details/patient-details-api';
import { AUDIT_PATIENT_PARAM } from '../../../shared/role-paths';
import { ChoiceFilter, DayFilter, FilterPanel, ReportHeader } from '../../../shared/report-filters';
import { toast } from '../../../shared/toast';
import { type AuditFilters, auditApi, NO_FILTERS } from '../api/audit-api';
import { AuditEntry } from './audit-entry';

/**
 * The practice's audit trail (/practice-admin/audit): who changed what and when, newest first,
 * with filters, more lines as one scrolls, and the filtered trail as a CSV file.
 */
export function AuditPage({ practiceId }: { practiceId: string }) {
  // A link may name one patient (?patient_id=…, the patient's page's "View audit history").
  const [search, setSearch] = useSearchParams();
  const linkedPatient = search.get(AUDIT_PATIENT_PARAM) ?? '';
  const [filters, setFilters] = useState<AuditFilters>(() =>
    linkedPatient ? { ...NO_FILTERS, patientId: linkedPatient } : NO_FILTERS,
  );
  const [entries, setEntries] = useState<AuditEntryView[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [people, setPeople] = useState<{ id: string; name: string }[]>([]);
  const [patientName, setPatientName] = useState<string | null>(null);
  const end = useRef<HTMLDivElement | null>(null);
  const generation = useRef(0);
  const { t } = useTranslation();

  /** Older lines after what is shown (the end of the list came into view, or the button). */
  const loadMore = useCallback(
    async (from: string) => {
      const mine = generation.current;
      setLoading(true);
      try {
        const page = await auditApi.page(practiceId, filters, from);
        if (mine !== generation.current) return;
        setEntries((shown) => [...shown, ...page.entries]);
        setCursor(page.next_cursor);
      } catch (cause) {
        if (mine === generation.current) setError(errorMessageOf(cause));
      } finally {
        if (mine === generation.current) setLoading(false);
      }
    },
    [practiceId, filters],
  );

  // The first page for these filters; an answer for older filters is dropped.
  useEffect(() => {
    const mine = ++generation.current;
    auditApi.page(practiceId, filters, null).then(
      (page) => {
        if (mine !== generation.current) return;
        setEntries([...page.entries]);
        setCursor(page.next_cursor);
        setError(null);
        setLoading(false);
      },
      (cause: unknown) => {
        if (mine !== generation.current) return;
        setError(errorMessageOf(cause));
        setLoading(false);
      },
    );
  }, [practiceId, filters]);

  // The linked patient's name for the filter's chip (their id while it loads or if unreadable).
  useEffect(() => {
    if (!linkedPatient) return;
    let gone = false;
    patientDetailsApi.get(linkedPatient).then(
      (view) => !gone && setPatientName(`${view.first_name} ${view.last_name}`),
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [linkedPatient]);

  // The address follows the patient filter, so a reload or a shared link keeps it.
  useEffect(() => {
    if ((search.get(AUDIT_PATIENT_PARAM) ?? '') === filters.patientId) return;
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (filters.patientId) next.set(AUDIT_PATIENT_PARAM, filters.patientId);
        else next.delete(AUDIT_PATIENT_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [filters.patientId, search, setSearch]);

  useEffect(() => {
    let gone = false;
    auditApi.users(practiceId).then(
      (users) =>
        !gone &&
        setPeople(
          users.map((u) => ({ id: u.id, name: `${u.first_name} ${u.last_name} (${u.type})` })),
        ),
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [practiceId]);

  // More lines as the end of the list comes into view.
  useEffect(() => {
    const target = end.current;
    if (!target || !cursor || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((s) => s.isIntersecting) && !loading) void loadMore(cursor);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [cursor, loading, loadMore]);

  // The lines shown stay until the new filters' first page arrives, marked busy meanwhile (in the
  // same render as the new filters, so no one reads the old lines as the new answer).
  const change = (patch: Partial<AuditFilters>) => {
    setLoading(true);
    setFilters((current) => ({ ...current, ...patch }));
  };
  const exportCsv = async () => {
    try {
      await auditApi.download(practiceId, filters);
    } catch (cause) {
      toast.error(errorMessageOf(cause));
    }
  };

  return (
    <Stack spacing={3}>
      <ReportHeader
        title={t('audit.title')}
        explanation={t('audit.explanation')}
        onExport={() => void exportCsv()}
      />
      <FilterPanel
        columns={4}
        footer={
          (filters.patientId || filters !== NO_FILTERS) && (
            <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
              {filters.patientId && (
                <Chip
                  label={t('audit.patientChip', { name: patientName ?? filters.patientId })}
                  onDelete={() => change({ patientId: '' })}
                  data-testid="patient-filter"
                />
              )}
              <Button size="small" onClick={() => change(NO_FILTERS)}>
                {t('audit.clearFilters')}
              </Button>
            </Stack>
          )
        }
      >
        <ChoiceFilter
          label={t('audit.kind')}
          value={filters.kind}
          onChange={(kind) => change({ kind })}
          anyLabel={t('audit.everyKind')}
          options={AUDIT_KINDS.map((kind) => ({ value: kind, label: t(`audit.kinds.${kind}`) }))}
        />
        <ChoiceFilter
          label={t('audit.person')}
          value={filters.actorId}
          onChange={(actorId) => change({ actorId })}
          anyLabel={t('audit.anyone')}
          options={people.map((person) => ({ value: person.id, label: person.name }))}
        />
        <DayFilter
          label={t('audit.from')}
          value={filters.fromDay}
          onChange={(fromDay) => change({ fromDay })}
        />
        <DayFilter
          label={t('audit.to')}
          value={filters.toDay}
          onChange={(toDay) => change({ toDay })}
        />
      </FilterPanel>
      {error && <Alert severity="error">{translateText(error)}</Alert>}
      <Box
        component="ul"
        aria-label={t('audit.title')}
        aria-busy={loading}
        sx={{ m: 0, p: 0, opacity: loading && entries.length > 0 ? 0.6 : 1 }}
        data-testid="audit-list"
      >
        {entries.map((entry) => (
          <AuditEntry
            key={entry.position}
            entry={entry}
            onPatient={(patientId) => {
              setPatientName(entry.patient_name);
              change({ patientId });
            }}
          />
        ))}
      </Box>
      {!loading && entries.length === 0 && !error && (
        <Typography color="text.secondary" data-testid="audit-empty">
          {t('audit.empty')}
        </Typography>
      )}
      <div ref={end} />
      {loading && <CircularProgress aria-label={t('audit.loading')} sx={{ alignSelf: 'center' }} />}
      {cursor && !loading && (
        <Button onClick={() => void loadMore(cursor)} sx={{ alignSelf: 'center' }}>
          {t('audit.older')}
        </Button>
      )}
    </Stack>
  );
}
