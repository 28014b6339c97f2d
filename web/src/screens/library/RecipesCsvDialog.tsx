/**
 * 'Exporter mes recettes' (spec 2.6): the user's own recipes as a CSV file, written in the
 * browser from the device's rows (so it works offline) and offered as a download link.
 */
import { useEffect, useMemo } from 'react';
import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { compareByName, exportRecipesCsv, isDomainError } from '@popote/domain';
import { notifySuccess } from '../../feedback/feedback';
import { COMMON, LIBRARY, SUCCESS } from '../../strings';
import { useSync } from '../../sync/SyncProvider';
import type { LibraryRows } from './useLibraryRows';

type Export = { url: string; count: number } | { error: string };

export function RecipesCsvDialog({ rows, onClose }: { rows: LibraryRows; onClose: () => void }) {
  const { userId } = useSync();
  const file = useMemo<Export>(() => {
    const own = rows.recipes
      .filter((r) => r.owner === userId)
      .sort((a, b) => compareByName(a, b) || a.id - b.id);
    try {
      const text = exportRecipesCsv(own, new Map(rows.ingredients.map((i) => [i.id, i])));
      const blob = new Blob([text], { type: 'text/csv;charset=utf-8' });
      return {
        url: URL.createObjectURL(blob),
        count: own.filter((r) => r.ingredients.length > 0).length,
      };
    } catch (e) {
      if (!isDomainError(e)) throw e;
      return { error: e.message };
    }
  }, [rows, userId]);
  useEffect(
    () => () => {
      if ('url' in file) URL.revokeObjectURL(file.url);
    },
    [file],
  );

  return (
    <Modal opened onClose={onClose} title={LIBRARY.exportTitle} size={600}>
      <Stack>
        {'error' in file ? (
          <Alert color="red">{file.error}</Alert>
        ) : (
          <>
            <Text>{LIBRARY.exportText(file.count)}</Text>
            {file.count > 0 && (
              <Anchor
                href={file.url}
                download={LIBRARY.exportFileName}
                onClick={() => notifySuccess(SUCCESS.fileDownloaded)}
              >
                <Group gap={6}>
                  <IconDownload size={18} />
                  {LIBRARY.exportLink}
                </Group>
              </Anchor>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {COMMON.close}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
