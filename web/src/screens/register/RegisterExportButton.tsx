/**
 * 'Exporter le registre' (issue 35): a button for the register screen's header. It opens a
 * dialog to tick the days (those with a meal or an entry of the register; the export screen's
 * day picker), then the exports worker reads the register, the team and their pseudonyms from
 * this device's database and builds the PDF, which is downloaded: it works offline.
 */
import { useState } from 'react';
import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import type { Stay } from '@popote/domain';
import { PDF_MIME, registerFileName } from '@popote/exports';
import { DayPicker } from '../../components/DayPicker';
import { useExportRunner, type ExportJob } from '../../components/useExportRunner';
import { EXPORT_SCREEN, REGISTER_EXPORT, SUCCESS } from '../../strings';
import { useSync } from '../../sync/SyncProvider';
import { useLocalQuery } from '../../sync/useLocal';

export function RegisterExportButton({ stay }: { stay: Stay }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconFileTypePdf size={18} />}
        onClick={() => setOpen(true)}
      >
        {REGISTER_EXPORT.open}
      </Button>
      {open && <RegisterExportDialog stay={stay} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The days of the stay with a meal or an entry of its register, in order. */
function useRegisterDays(stay: Stay): number[] | undefined {
  return useLocalQuery(
    async (store) => {
      const [meals, entries] = await Promise.all([
        store.where('meals', 'stayId', stay.id),
        store.where('register', 'stayId', stay.id),
      ]);
      const days = new Set([...meals.map((m) => m.day), ...entries.map((e) => e.day)]);
      return [...days].sort((a, b) => a - b);
    },
    [stay.id],
  );
}

function RegisterExportDialog({ stay, onClose }: { stay: Stay; onClose: () => void }) {
  const { db } = useSync();
  const days = useRegisterDays(stay);
  const [selected, setSelected] = useState<number[] | null>(null);
  const { busy, run } = useExportRunner();
  // Every day at first: an inspector usually asks for the whole stay.
  const chosen = selected ?? days ?? [];

  const exportRegister = () =>
    run(
      (): ExportJob => ({
        request: {
          kind: 'register',
          source: {
            dbName: db.name,
            stayId: stay.id,
            days: chosen,
            stay: { name: stay.name, start: stay.start },
          },
        },
        fileName: registerFileName(stay.name),
        mime: PDF_MIME,
      }),
      SUCCESS.fileDownloaded,
    ).then((ok) => {
      if (ok) onClose();
    });

  return (
    <Modal opened onClose={onClose} title={REGISTER_EXPORT.title} size={640}>
      <Stack data-testid="register-export">
        <Text size="sm" c="dimmed">
          {REGISTER_EXPORT.hint}
        </Text>
        {days === undefined ? (
          <Loader size="sm" aria-label={EXPORT_SCREEN.loading} />
        ) : days.length === 0 ? (
          <Text fs="italic" c="dimmed">
            {REGISTER_EXPORT.noDay}
          </Text>
        ) : (
          <DayPicker start={stay.start} days={days} selected={chosen} onChange={setSelected} />
        )}
        {days !== undefined && days.length > 0 && chosen.length === 0 && (
          <Text size="sm" c="dimmed">
            {EXPORT_SCREEN.chooseDays}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {REGISTER_EXPORT.cancel}
          </Button>
          <Button
            leftSection={<IconFileTypePdf size={18} />}
            disabled={chosen.length === 0}
            loading={busy !== null}
            onClick={() => void exportRegister()}
          >
            {REGISTER_EXPORT.export}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
