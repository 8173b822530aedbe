import { AUDIT_KINDS, type AuditEntryView, type AuditKind } from '@medbook/contracts';
import { Alert, Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { ChoiceFilter, DayFilter, FilterPanel, ReportHeader } from '../../../shared/report-filters';
import { toast } from '../../../shared/toast';
import { type AuditFilters, auditApi, NO_FILTERS } from '../api/audit-api';
import { AuditEntry } from './audit-entry';

const KIND_LABELS: Record<AuditKind, string> = {
  appointment: 'Appointments',
  calendar: 'Calendars',
  meeting: 'Video visits',
  waitlist: 'Waiting lists',
  staff: 'Staff',
  directory: 'Practice directory',
  audit: 'Reading the trail',
};

/**
 * The practice's audit trail (/practice-admin/audit): who changed what and when, newest first,
 * with filters, more lines as one scrolls, and the filtered trail as a CSV file.
 */
export function AuditPage({ practiceId }: { practiceId: string }) {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [entries, setEntries] = useState<AuditEntryView[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [people, setPeople] = useState<{ id: string; name: string }[]>([]);
  const [patientName, setPatientName] = useState<string | null>(null);
  const end = useRef<HTMLDivElement | null>(null);
  const generation = useRef(0);

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

  const change = (patch: Partial<AuditFilters>) =>
    setFilters((current) => ({ ...current, ...patch }));
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
        title="Audit trail"
        explanation="Who changed what in your practice, and when. Reading this page is recorded too."
        onExport={() => void exportCsv()}
      />
      <FilterPanel
        columns={4}
        footer={
          (filters.patientId || filters !== NO_FILTERS) && (
            <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
              {filters.patientId && (
                <Chip
                  label={`Patient: ${patientName ?? filters.patientId}`}
                  onDelete={() => change({ patientId: '' })}
                  data-testid="patient-filter"
                />
              )}
              <Button size="small" onClick={() => change(NO_FILTERS)}>
                Clear filters
              </Button>
            </Stack>
          )
        }
      >
        <ChoiceFilter
          label="Kind of change"
          value={filters.kind}
          onChange={(kind) => change({ kind })}
          anyLabel="Every kind"
          options={AUDIT_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
        />
        <ChoiceFilter
          label="Person"
          value={filters.actorId}
          onChange={(actorId) => change({ actorId })}
          anyLabel="Anyone"
          options={people.map((person) => ({ value: person.id, label: person.name }))}
        />
        <DayFilter
          label="From"
          value={filters.fromDay}
          onChange={(fromDay) => change({ fromDay })}
        />
        <DayFilter label="To" value={filters.toDay} onChange={(toDay) => change({ toDay })} />
      </FilterPanel>
      {error && <Alert severity="error">{error}</Alert>}
      <Box component="ul" aria-label="Audit trail" sx={{ m: 0, p: 0 }} data-testid="audit-list">
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
          Nothing was recorded for these filters.
        </Typography>
      )}
      <div ref={end} />
      {loading && <CircularProgress aria-label="Loading the trail" sx={{ alignSelf: 'center' }} />}
      {cursor && !loading && (
        <Button onClick={() => void loadMore(cursor)} sx={{ alignSelf: 'center' }}>
          Show older changes
        </Button>
      )}
    </Stack>
  );
}
