/**
 * The shopping screen ('Courses' in the drawer, issue 19): the shopping lists of the active stay
 * and its larder, or one list to tick (`?liste=<id>`). Everything is read from the device's
 * database: it works offline.
 */
import { Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime, isShareOpen, tickCount, type Stay } from '@popote/domain';
import { NoActiveStay } from '../../components/NoActiveStay';
import { useSession } from '../../session/useSession';
import { SHOPPING } from '../../strings';
import { FirstSyncLoader, useFirstSyncDone } from '../../sync/FirstSync';
import { useStay } from '../../data/stays';
import { useStayMay } from '../../data/team';
import { LarderPanel } from './LarderPanel';
import { PATHS } from '../../navigation/routes';
import { LIST_PARAM, shopListPath } from '../../navigation/shopping-links';
import { ShopListView } from './ShopListView';
import { useShopList, useShopLists } from './useShopping';

export function ShoppingScreen() {
  const session = useSession();
  const stay = useStay(session?.activeStayId ?? null);
  const firstSyncDone = useFirstSyncDone();
  if (stay === undefined) return <Loader aria-label={SHOPPING.loading} />;
  if (stay === null && !firstSyncDone) return <FirstSyncLoader />;
  if (stay === null) return <NoActiveStay testId="shopping-no-stay" />;
  return <StayShopping key={stay.id} stay={stay} />;
}

function StayShopping({ stay }: { stay: Stay }) {
  const [params] = useSearchParams();
  const asked = Number(params.get(LIST_PARAM));
  const listId = Number.isSafeInteger(asked) && asked > 0 ? asked : null;
  if (listId !== null) return <OneList stay={stay} listId={listId} />;
  return (
    <Stack gap="lg" data-testid="screen-shopping">
      <ListsPanel stay={stay} />
      <LarderPanel stay={stay} />
    </Stack>
  );
}

function OneList({ stay, listId }: { stay: Stay; listId: number }) {
  const list = useShopList(listId);
  // A list of another stay (a link kept from before) dates its days from that stay's start.
  const own = useStay(list?.stayId ?? null);
  if (list === undefined) return <Loader aria-label={SHOPPING.loading} />;
  if (list === null) {
    return (
      <Stack data-testid="screen-shopping">
        <Text>{SHOPPING.missingList}</Text>
        <Anchor component={Link} to={PATHS.shopping}>
          {SHOPPING.back}
        </Anchor>
      </Stack>
    );
  }
  return <ShopListView list={list} start={own?.start ?? stay.start} />;
}

function ListsPanel({ stay }: { stay: Stay }) {
  const lists = useShopLists(stay.id);
  // A new list is made on the export screen, by those whose role allows it (issue 32).
  const mayCreate = useStayMay(stay)('createShopList');
  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h4">
          {SHOPPING.listsTitle}
        </Title>
        {lists === undefined && <Loader size="sm" aria-label={SHOPPING.loading} />}
        {lists?.length === 0 && (
          <Stack gap="xs" align="flex-start">
            <Text fs="italic" c="dimmed">
              {SHOPPING.noList}
            </Text>
            {mayCreate && (
              <>
                <Text size="sm">{SHOPPING.newListHint}</Text>
                <Button
                  component={Link}
                  to={PATHS.export}
                  variant="light"
                  leftSection={<IconListCheck size={18} />}
                >
                  {SHOPPING.goToExport}
                </Button>
              </>
            )}
          </Stack>
        )}
        {lists?.map((list) => {
          const { checked, total } = tickCount(list.items);
          return (
            <Group key={list.id} justify="space-between" data-testid="shop-list-entry">
              <Anchor component={Link} to={shopListPath(list.id)} fz="lg">
                {list.name}
              </Anchor>
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  {formatDateTime(list.created, -new Date().getTimezoneOffset())}
                </Text>
                <Badge variant="light">{SHOPPING.progress(checked, total)}</Badge>
                {isShareOpen(list, Date.now()) && (
                  <Badge color="teal" variant="light">
                    {SHOPPING.shared}
                  </Badge>
                )}
              </Group>
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}
