/** Step 1 of the import: one .csv file, the format help, and reading it. */
import { useState } from 'react';
import { Alert, Button, Code, FileInput, Group, Loader, List, Stack, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { MAX_CSV_BYTES, type Ingredient } from '@popote/domain';
import { LIBRARY } from '../../../strings';
import { readInWorker } from './readInWorker';
import type { ReadResult } from './readRecipesFile';

export function FileStep({
  ingredients,
  onCancel,
  onRead,
}: {
  /** Undefined while the device's ingredients load. */
  ingredients: Ingredient[] | undefined;
  onCancel: () => void;
  onRead: (read: Extract<ReadResult, { ok: true }>) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const read = async () => {
    if (!file || !ingredients) return;
    setError(null);
    if (file.size > MAX_CSV_BYTES) return setError(LIBRARY.tooLarge);
    setReading(true);
    try {
      const result = await readInWorker({ text: await file.text(), ingredients });
      if (!result.ok) setError(result.message);
      else if (result.recipes.length === 0) setError(LIBRARY.noRecipe);
      else onRead(result);
    } finally {
      setReading(false);
    }
  };

  return (
    <Stack mt="md">
      <FileInput
        label={LIBRARY.fileLabel}
        placeholder={LIBRARY.filePlaceholder}
        accept="text/csv,.csv"
        leftSection={<IconFileTypeCsv size={18} />}
        value={file}
        onChange={(f) => {
          setFile(f);
          setError(null);
        }}
        clearable
        disabled={reading}
        data-testid="import-file"
      />
      <Stack gap={4}>
        <Text fw={600} size="sm">
          {LIBRARY.formatTitle}
        </Text>
        <List size="sm" spacing={2}>
          {LIBRARY.formatHelp.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Code block>{LIBRARY.formatExample}</Code>
      </Stack>
      {error && (
        <Alert color="red" data-testid="import-error">
          {error}
        </Alert>
      )}
      {reading && (
        <Group gap="sm">
          <Loader size="sm" />
          <Text size="sm">{LIBRARY.reading}</Text>
        </Group>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {LIBRARY.cancel}
        </Button>
        <Button disabled={!file || !ingredients} loading={reading} onClick={() => void read()}>
          {LIBRARY.readFile}
        </Button>
      </Group>
    </Stack>
  );
}
