/**
 * Beside a line: its need and what the larder covered, and what was actually bought (a pack of
 * 2 kg for 1,8 kg needed). Noting a quantity ticks the line; 'Comme prévu' forgets it.
 */
import { useState } from 'react';
import { ActionIcon, Button, Group, NumberInput, Popover, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { QuantityTotal, ShopItem, ShopList } from '@popote/domain';
import { numberOf } from '../../components/number-input';
import { SHOPPING } from '../../strings';
import { useMutate } from '../../sync/useMutate';

const MEASURES = [
  ['pieces', SHOPPING.pieces],
  ['grams', SHOPPING.grams],
  ['centiliters', SHOPPING.centiliters],
] as const;

export function BoughtEditor({ list, line }: { list: ShopList; line: ShopItem }) {
  const mutate = useMutate();
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<QuantityTotal>(line.bought ?? line.toBuy);
  // The measures the line counts in; all three when it needs nothing (to note a purchase).
  const shown = MEASURES.filter(([m]) => line.need[m] > 0 || line.toBuy[m] > 0);
  const measures = shown.length > 0 ? shown : MEASURES;

  const save = async (bought: QuantityTotal | null) => {
    const done = await mutate('setShopItemBought', {
      id: list.id,
      key: line.key,
      bought,
      now: new Date().toISOString(),
    });
    if (done !== null) setOpened(false);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      shadow="md"
      withArrow
      trapFocus
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="xl"
          aria-label={SHOPPING.boughtOf(line.name)}
          onClick={() => {
            setDraft(line.bought ?? line.toBuy);
            setOpened((o) => !o);
          }}
        >
          <IconPencil />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" maw={280}>
          <Text size="sm" c="dimmed">
            {SHOPPING.needAndStock(line.need, line.inStock)}
          </Text>
          <Text fw={600} size="sm">
            {SHOPPING.bought}
          </Text>
          {measures.map(([measure, label]) => (
            <NumberInput
              key={measure}
              label={label}
              min={0}
              max={1e9}
              decimalSeparator=","
              value={draft[measure]}
              onChange={(v) => setDraft({ ...draft, [measure]: numberOf(v) })}
            />
          ))}
          <Group justify="space-between">
            <Button variant="subtle" onClick={() => void save(null)}>
              {SHOPPING.boughtAsPlanned}
            </Button>
            <Button onClick={() => void save(draft)}>{SHOPPING.save}</Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
