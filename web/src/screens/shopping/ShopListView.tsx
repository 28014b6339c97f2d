/**
 * One shopping list, to tick in the shop. Every tick is a mutation: it works offline and reaches
 * the organiser's other devices, and the helpers' shared page, through sync. The lines show the
 * need and what the larder covered; what was actually bought can be noted, and the ticked
 * purchases put away in the larder in one action.
 */
import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconBuildingWarehouse, IconShare, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isShareOpen, tickCount, type ShopItem, type ShopList } from '@popote/domain';
import { ShopLines } from '../../components/shop/ShopLines';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { useMayRun, useMayRunState } from '../../data/team';
import { notifySuccess } from '../../feedback/feedback';
import { SHOPPING, TEAM } from '../../strings';
import { useMutate, useMutateUndoable } from '../../sync/useMutate';
import { BoughtEditor } from './BoughtEditor';
import { ShareDialog } from './ShareDialog';
import { PATHS } from '../../navigation/routes';

export function ShopListView({ list, start }: { list: ShopList; start: string }) {
  const mutate = useMutate();
  const mutateUndoable = useMutateUndoable();
  const [sharing, setSharing] = useState(false);
  const { checked, total } = tickCount(list.items);
  const toStore = list.items.filter((i) => i.checked && !i.stored).map((i) => i.key);
  // What the user's role in the list's stay allows (issue 32): the rules refuse the rest anyway.
  const the = { id: list.id };
  const tickState = useMayRunState('tickShopItem', the);
  const mayTick = tickState ?? false;
  const mayNoteBought = useMayRun('setShopItemBought', the);
  const mayShare = useMayRun('shareShopList', the);
  const mayStore = useMayRun('addPurchasesToStock', the);
  const mayDelete = useMayRun('deleteShopList', the);

  const tick = (line: ShopItem, value: boolean) =>
    void mutate('tickShopItem', {
      id: list.id,
      key: line.key,
      checked: value,
      now: new Date().toISOString(),
    });

  async function store() {
    // The lines this device sees ticked: a helper's later tick waits for the next time.
    const done = await mutate('addPurchasesToStock', (ids) => ({
      id: list.id,
      keys: toStore,
      // At most three entries (pieces, grams, centilitres) per line put away.
      ids: ids.range(3 * toStore.length),
    }));
    if (done !== null) notifySuccess(SHOPPING.stored(toStore.length));
  }

  return (
    <Stack gap="md" data-testid="shop-list">
      <Anchor component={Link} to={PATHS.shopping} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} />
          {SHOPPING.back}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {list.name}
          </Title>
          <Group gap="xs">
            <Badge size="lg" variant="light" data-testid="shop-progress">
              {SHOPPING.progress(checked, total)}
            </Badge>
            {isShareOpen(list, Date.now()) && (
              <Badge size="lg" color="teal" variant="light">
                {SHOPPING.shared}
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="xs">
          {mayShare && (
            <Button leftSection={<IconShare size={18} />} onClick={() => setSharing(true)}>
              {SHOPPING.share}
            </Button>
          )}
          {mayStore && (
            <Button
              variant="light"
              leftSection={<IconBuildingWarehouse size={18} />}
              disabled={toStore.length === 0 || list.stayId === null}
              onClick={() => void store()}
            >
              {SHOPPING.store}
            </Button>
          )}
          {mayDelete && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={18} />}
              onClick={() =>
                void mutateUndoable('deleteShopList', { id: list.id }, SHOPPING.removed)
              }
            >
              {SHOPPING.remove}
            </Button>
          )}
        </Group>
      </Group>
      {tickState === false && (
        <ReadOnlyNotice testId="shop-list-read-only">{TEAM.readOnlyLists}</ReadOnlyNotice>
      )}
      {list.items.length === 0 ? (
        <Text fs="italic" c="dimmed">
          {SHOPPING.emptyList}
        </Text>
      ) : (
        <ShopLines
          lines={list.items}
          start={start}
          onTick={tick}
          readOnly={!mayTick}
          extra={mayNoteBought ? (line) => <BoughtEditor list={list} line={line} /> : undefined}
        />
      )}
      <ShareDialog list={list} opened={sharing && mayShare} onClose={() => setSharing(false)} />
    </Stack>
  );
}
