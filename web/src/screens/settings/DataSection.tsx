import { useRef, useState } from 'react';
import { Alert, Button, Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import { importUserData, type ImportReportAnswer } from '../../api/user-data';
import { DATA } from '../../strings';
import { useOnline } from '../../sync/useOnline';
import { useUserDataDownload } from './useUserDataDownload';

/** The order a report lists its kinds in (the server's IMPORT_KINDS). */
const KINDS = Object.keys(DATA.kinds);

type Step =
  | { kind: 'idle' }
  | { kind: 'reading'; file: File }
  | { kind: 'preview'; file: File; answer: ImportReportAnswer }
  | { kind: 'importing'; file: File; answer: ImportReportAnswer }
  | { kind: 'done'; answer: ImportReportAnswer };

/**
 * 'Mes données' (issue 33): 'Télécharger mes données' saves the file the server makes of
 * everything the user owns; 'Importer des données' sends a chosen file for a preview (what
 * would be created, found already there, updated, left out), then imports it on 'Importer'
 * and shows the report. Both need the network; the rows imported reach this device by sync.
 */
export function DataSection() {
  const online = useOnline();
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const { downloading, download } = useUserDataDownload(setError);

  async function choose(file: File | undefined) {
    if (!file) return;
    setError(null);
    setStep({ kind: 'reading', file });
    const answer = await importUserData(file, true);
    if (!answer.ok) {
      setError(answer.message);
      setStep({ kind: 'idle' });
      return;
    }
    setStep({ kind: 'preview', file, answer: answer.value });
  }

  async function confirm() {
    if (step.kind !== 'preview') return;
    setError(null);
    setStep({ ...step, kind: 'importing' });
    const answer = await importUserData(step.file, false);
    if (!answer.ok) {
      setError(answer.message);
      setStep({ kind: 'preview', file: step.file, answer: step.answer });
      return;
    }
    setStep({ kind: 'done', answer: answer.value });
  }

  const busy = step.kind === 'reading' || step.kind === 'importing';
  return (
    <Stack gap="sm" data-testid="data-section">
      <Divider />
      <Title order={3} size="h4">
        {DATA.title}
      </Title>
      <Text size="sm">{DATA.intro}</Text>
      {!online && (
        <Alert color="gray" data-testid="data-offline">
          <Text size="sm">{DATA.offline}</Text>
        </Alert>
      )}
      <Group gap="sm">
        <Button
          type="button"
          variant="light"
          onClick={() => void download()}
          disabled={!online}
          loading={downloading}
          data-testid="data-download"
        >
          {DATA.download}
        </Button>
        <Button
          type="button"
          variant="default"
          onClick={() => input.current?.click()}
          disabled={!online || busy}
          loading={step.kind === 'reading'}
          data-testid="data-import"
        >
          {DATA.import}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".zip,application/zip"
          hidden
          aria-label={DATA.import}
          data-testid="data-import-input"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            // The same file may be chosen again later.
            e.currentTarget.value = '';
            void choose(file);
          }}
        />
      </Group>
      <Text size="xs" c="dimmed">
        {DATA.importHint}
      </Text>
      {step.kind === 'reading' && (
        <Text size="sm" role="status">
          {DATA.reading(step.file.name)}
        </Text>
      )}
      {error !== null && (
        <Text c="red.8" size="sm" role="alert" data-testid="data-error">
          {error}
        </Text>
      )}
      {(step.kind === 'preview' || step.kind === 'importing') && (
        <Stack gap="xs" data-testid="data-preview">
          <Title order={4} size="h5">
            {DATA.previewTitle}
          </Title>
          <FileLine answer={step.answer} />
          {!hasWrites(step.answer) && <Text size="sm">{DATA.nothingToDo}</Text>}
          <ReportTable answer={step.answer} />
          <Group justify="flex-end" gap="sm">
            <Button
              type="button"
              variant="default"
              disabled={step.kind === 'importing'}
              onClick={() => setStep({ kind: 'idle' })}
            >
              {DATA.cancel}
            </Button>
            <Button
              type="button"
              onClick={() => void confirm()}
              loading={step.kind === 'importing'}
              disabled={!online || !hasWrites(step.answer)}
              data-testid="data-import-confirm"
            >
              {DATA.confirm}
            </Button>
          </Group>
        </Stack>
      )}
      {step.kind === 'done' && (
        <Alert color="green" title={DATA.reportTitle} data-testid="data-report">
          <Stack gap="xs">
            <Text size="sm" role="status">
              {hasWrites(step.answer) ? DATA.summary(...totals(step.answer)) : DATA.reportNothing}
            </Text>
            <ReportTable answer={step.answer} />
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

function totals(answer: ImportReportAnswer): [number, number] {
  let created = 0;
  let updated = 0;
  for (const k of Object.values(answer.Kinds)) {
    created += k.Created;
    updated += k.Updated;
  }
  return [created, updated];
}

const hasWrites = (answer: ImportReportAnswer): boolean => totals(answer).some((n) => n > 0);

function FileLine({ answer }: { answer: ImportReportAnswer }) {
  return (
    <Text size="sm">
      {DATA.fileFrom(answer.File.Pseudo, answer.File.Mail, answer.File.ExportedAt)}
    </Text>
  );
}

/** One line per kind the file holds, with what becomes of its rows. */
function ReportTable({ answer }: { answer: ImportReportAnswer }) {
  const rows = KINDS.filter((k) => {
    const c = answer.Kinds[k];
    return c !== undefined && c.Created + c.Matched + c.Updated + c.Skipped > 0;
  });
  return (
    <Table fz="sm" withRowBorders verticalSpacing={4} data-testid="data-report-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{DATA.columns.kind}</Table.Th>
          <Table.Th ta="right">{DATA.columns.created}</Table.Th>
          <Table.Th ta="right">{DATA.columns.matched}</Table.Th>
          <Table.Th ta="right">{DATA.columns.updated}</Table.Th>
          <Table.Th ta="right">{DATA.columns.skipped}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((k) => {
          const c = answer.Kinds[k]!;
          return (
            <Table.Tr key={k} data-kind={k}>
              <Table.Td>{DATA.kinds[k]}</Table.Td>
              <Table.Td ta="right">{DATA.number(c.Created)}</Table.Td>
              <Table.Td ta="right">{DATA.number(c.Matched)}</Table.Td>
              <Table.Td ta="right">{DATA.number(c.Updated)}</Table.Td>
              <Table.Td ta="right">{DATA.number(c.Skipped)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
