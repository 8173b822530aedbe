// The event catalogue (docs/events.md), generated from the code so it cannot drift: every
// exported `...Event` type of the API's sources, each member's `type` and `data` fields as the
// type checker resolves them, the stream its file names (`...StreamId`), and the module.
// `npm run docs:events` writes it; events-catalogue.unit.spec.ts fails when it is stale.
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.join(__dirname, '..', '..');
const SOURCES = path.join(ROOT, 'apps/api/src');
export const CATALOGUE = path.join(ROOT, 'docs/events.md');

interface EventEntry {
  readonly type: string;
  readonly fields: readonly string[];
}

interface EventFile {
  readonly module: string;
  readonly file: string;
  readonly union: string;
  readonly streams: readonly string[];
  readonly events: readonly EventEntry[];
}

/** Where events may be declared: not in projections, which name unions of what they read. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'projections' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

/** `(id) => \`meeting-${id}\`` as `meeting-<id>`. */
function streamPattern(initializer: ts.Expression | undefined): string | null {
  if (!initializer || !ts.isArrowFunction(initializer)) return null;
  const body = initializer.body;
  if (ts.isNoSubstitutionTemplateLiteral(body)) return body.text;
  if (!ts.isTemplateExpression(body)) return null;
  let text = body.head.text;
  for (const span of body.templateSpans) {
    const expression = ts.isIdentifier(span.expression) ? span.expression.text : '…';
    text += `<${expression}>${span.literal.text}`;
  }
  return text;
}

function collect(): EventFile[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, 'apps/api/tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  if (!config) throw new Error('apps/api/tsconfig.json could not be read');
  const candidates = sourceFiles(SOURCES).filter((file) =>
    /export (type|interface) \w+Event(Type)?\b|export interface \w+ \{\s+readonly type: /.test(
      ts.sys.readFile(file) ?? '',
    ),
  );
  const program = ts.createProgram(candidates, { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const files: EventFile[] = [];
  /** An event named by a union and by its own interface is listed once, under the union. */
  const seen = new Set<string>();
  const where = (file: string) => {
    const relative = path.relative(SOURCES, file);
    return {
      file: relative,
      module: relative.startsWith('modules/') ? relative.split('/')[1]! : 'core',
    };
  };
  for (const file of candidates) {
    const source = program.getSourceFile(file);
    if (!source) continue;
    const streams: string[] = [];
    const unions: (ts.TypeAliasDeclaration | ts.InterfaceDeclaration)[] = [];
    /** Event names given as a union of strings, whose data is free-form (the security stream). */
    const named: string[][] = [];
    source.forEachChild((node) => {
      const exported =
        ts.getCombinedModifierFlags(node as ts.Declaration) & ts.ModifierFlags.Export;
      if (!exported) return;
      if (ts.isTypeAliasDeclaration(node) && /Event$/.test(node.name.text)) unions.push(node);
      if (ts.isInterfaceDeclaration(node)) unions.push(node);
      if (ts.isTypeAliasDeclaration(node) && /EventType$/.test(node.name.text)) {
        const type = checker.getTypeAtLocation(node.name);
        const names = (type.isUnion() ? type.types : [type])
          .filter((t) => t.isStringLiteral())
          .map((t) => t.value);
        if (names.length > 0) named.push([node.name.text, ...names]);
      }
      if (ts.isVariableStatement(node)) {
        for (const declaration of node.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name) && /Stream(Id|Of)$/.test(declaration.name.text)) {
            const pattern = streamPattern(declaration.initializer);
            if (pattern) streams.push(pattern);
          }
        }
      }
    });
    // Unions first, so an event's own interface does not take its place.
    unions.sort(
      (a, b) => Number(ts.isInterfaceDeclaration(a)) - Number(ts.isInterfaceDeclaration(b)),
    );
    for (const union of unions) {
      const type = checker.getTypeAtLocation(union.name);
      const members = type.isUnion() ? type.types : [type];
      const events: EventEntry[] = [];
      for (const member of members) {
        const tag = member.getProperty('type');
        const data = member.getProperty('data');
        if (!tag || !data) continue;
        const tagType = checker.getTypeOfSymbolAtLocation(tag, union);
        if (!tagType.isStringLiteral()) continue;
        const dataType = checker.getTypeOfSymbolAtLocation(data, union);
        const fields = checker.getPropertiesOfType(dataType).map((property) => {
          const propertyType = checker.getTypeOfSymbolAtLocation(property, union);
          const optional = property.flags & ts.SymbolFlags.Optional ? '?' : '';
          return `${property.name}${optional}: ${checker.typeToString(propertyType, undefined, ts.TypeFormatFlags.NoTruncation)}`;
        });
        events.push({ type: tagType.value, fields });
      }
      const fresh = events.filter((e) => !seen.has(e.type));
      if (fresh.length === 0) continue;
      for (const event of fresh) seen.add(event.type);
      files.push({ ...where(file), union: union.name.text, streams, events: fresh });
    }
    for (const [name, ...all] of named) {
      // A type derived from a union already listed (`MeetingEvent['type']`) adds nothing.
      const names = all.filter((type) => !seen.has(type));
      if (names.length === 0) continue;
      files.push({
        ...where(file),
        union: name!,
        streams,
        events: names.map((type) => ({
          type,
          fields: ['user_id: string | null', 'and what the occasion adds (free-form)'],
        })),
      });
    }
  }
  return files.sort((a, b) => `${a.module}/${a.union}`.localeCompare(`${b.module}/${b.union}`));
}

/** The catalogue's Markdown, as docs/events.md holds it. */
export function eventsCatalogue(): string {
  const files = collect();
  const count = files.reduce((n, f) => n + f.events.length, 0);
  const lines = [
    '# Event catalogue',
    '',
    `Generated from the code by \`npm run docs:events\` (tests/docs/events-catalogue.ts): ${count} event`,
    'types. A unit test fails when this file is stale, so it cannot drift from the code. Each',
    'section is one exported event union: the module that emits it, the stream it is appended to',
    '(from the `...StreamId` function in the same file), and each event with the fields of its',
    '`data`. Every event also carries metadata: actor id and role, on behalf of, ip, user agent,',
    'correlation, causation and command ids.',
    '',
    '## Writing a new analytics projection',
    '',
    '1. Pick the events it needs from this catalogue; a projection receives every event of the log',
    '   in order and ignores the others (test `recorded.type` first, it is the cheap filter). To',
    "   follow an aggregate's state, fold every event of its stream with the aggregate's own evolve",
    '   (a calendar: every event of `calendar-<id>` through `evolveCalendar`) rather than listing',
    '   event names: new kinds of events, and old ones upcast when read, then need no change.',
    '2. Write it as a `Projection` (`apps/api/src/infra/projections/projection.ts`): a `name`, the',
    '   `tables` it alone writes (a rebuild recreates exactly these), and `apply` (or `applyAll` for',
    "   multi-row writes) that is deterministic: use the event's own fields (its `changed_at`,",
    '   `booked_at`: the time the decision was made) or `recordedAt`, never the clock. Keep any',
    '   lookup it needs in tables of its own, as `practice-audit` and `analytics` do, so a rebuild',
    '   of it alone gives the same rows.',
    '3. Make `applyAll` fast: read what the batch refers to in a few `IN (…)` queries, apply the',
    '   events in memory in log order, and write the changed rows back with multi-row upserts',
    '   (`statementChunks`); `apply` can then be `applyAll([event])`, so both leave the same rows.',
    '4. Store facts, not answers, when the reads need medians or percentiles: one narrow row per',
    '   fact (a booking with its times), counted and ranked at read time (`percentile_cont`,',
    '   `GROUP BY ROLLUP` for the totals), so a total is a true median and not a mean of medians.',
    '   postgres.js reads a `date` column as a JavaScript Date at UTC midnight: select `::text`.',
    '5. Add a migration for its tables and list it in `apps/api/src/projections.ts`; a running',
    '   service back-fills it from position 0 and shows its progress in `/ops/projections`.',
    '6. Test it with real events through the API on a pinned clock that the test moves',
    '   (`startTestApp({ clock })`; sign in again after a move, tokens expire by that clock), so the',
    '   numbers are exact; then rebuild it (`ProjectionRebuilder.rebuild`) and compare every table.',
    '',
  ];
  for (const file of files) {
    lines.push(`## ${file.union} (${file.module})`, '');
    lines.push(`Source: \`apps/api/src/${file.file}\``);
    lines.push(
      file.streams.length > 0
        ? `Stream: ${file.streams.map((s) => `\`${s}\``).join(', ')}`
        : 'Stream: named where it is appended',
    );
    lines.push('');
    for (const event of file.events) {
      lines.push(
        `- **${event.type}**: ${event.fields.map((f) => `\`${f}\``).join(', ') || 'no fields'}`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

if (require.main === module) {
  writeFileSync(CATALOGUE, eventsCatalogue());
  process.stdout.write(`wrote ${path.relative(ROOT, CATALOGUE)}\n`);
}
