/**
 * The page a helper opens from a shared list's link, on any phone, without an account: the
 * list, to tick with everyone else. Ticks show at once and leave for the server right away, or
 * when the network is back; the list follows the others' ticks every few seconds.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Badge, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useNetwork } from '@mantine/hooks';
import { tickCount } from '@popote/domain';
import { ShopLines, type ShopLine } from '../../components/shop/ShopLines';
import { SHOPPING, GUEST } from '../../strings';
import { SESSION_PARAM } from '../../navigation/shopping-links';
import {
  addPending,
  afterSent,
  fetchList,
  forgetList,
  sendTicks,
  storedList,
  storedTicks,
  storeList,
  storeTicks,
  withPending,
  type Answer,
  type GuestList,
  type PendingTick,
} from './guest-session';

/** How often the page asks for the others' ticks while it is shown. */
const REFRESH_MS = 2_000;
/** Ticks per request (the server takes at most 500). */
const TICKS_PER_REQUEST = 500;

export function GuestShopScreen() {
  const token = new URLSearchParams(window.location.search).get(SESSION_PARAM) ?? '';
  const { online } = useNetwork();
  const [list, setList] = useState<GuestList | null>(() => storedList(token));
  const [ended, setEnded] = useState(token === '');
  const [pending, setPending] = useState<PendingTick[]>(() => storedTicks(token));
  const pendingRef = useRef(pending);
  const busy = useRef(false);
  const shownText = useRef<string | null>(null);

  const keepPending = useCallback(
    (next: PendingTick[]) => {
      pendingRef.current = next;
      storeTicks(token, next);
      setPending(next);
    },
    [token],
  );

  const settle = useCallback(
    (answer: Answer) => {
      if (answer.kind === 'ended') {
        forgetList(token);
        setEnded(true);
      } else if (answer.kind === 'list') {
        // Every 2 seconds the same list, mostly: stored and drawn again only when it changed.
        const text = JSON.stringify(answer.list);
        if (text !== shownText.current) {
          shownText.current = text;
          storeList(token, answer.list);
          setList(answer.list);
        }
      }
    },
    [token],
  );

  /** Sends what is pending, else reads the list; one exchange at a time. */
  const exchange = useCallback(async () => {
    if (busy.current || token === '') return;
    busy.current = true;
    try {
      const sent = pendingRef.current.slice(0, TICKS_PER_REQUEST);
      const answer = sent.length > 0 ? await sendTicks(token, sent) : await fetchList(token);
      // Taken, or refused for good (never to be taken): either way no longer pending.
      if ((answer.kind === 'list' || answer.kind === 'refused') && sent.length > 0) {
        keepPending(afterSent(pendingRef.current, sent));
      }
      if (answer.kind === 'refused') settle(await fetchList(token));
      settle(answer);
    } finally {
      busy.current = false;
    }
  }, [token, keepPending, settle]);

  useEffect(() => {
    void exchange();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void exchange();
    }, REFRESH_MS);
    window.addEventListener('online', exchange);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', exchange);
    };
  }, [exchange]);

  const tick = (line: ShopLine, checked: boolean) => {
    keepPending(
      addPending(pendingRef.current, { key: line.key, checked, now: new Date().toISOString() }),
    );
    void exchange();
  };

  if (ended) {
    return (
      <Container size="sm" py="xl">
        <Alert color="gray" title={GUEST.title} data-testid="guest-ended">
          {GUEST.invalid}
          {pending.length > 0 && ` ${GUEST.notSent(pending.length)}`}
        </Alert>
      </Container>
    );
  }
  if (list === null) {
    return (
      <Center py="xl">
        <Loader aria-label={GUEST.loading} />
      </Center>
    );
  }
  const shown = withPending(list, pending);
  const { checked, total } = tickCount(shown.items);
  return (
    <Container size="sm" py="md" data-testid="screen-guest-shop">
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {GUEST.title}
          </Text>
          <Title order={1} size="h2">
            {shown.name}
          </Title>
          <Group gap="xs">
            <Badge size="lg" variant="light" data-testid="guest-progress">
              {SHOPPING.progress(checked, total)}
            </Badge>
            {pending.length > 0 && (
              <Badge size="lg" color="orange" variant="light" data-testid="guest-pending">
                {GUEST.pending(pending.length)}
              </Badge>
            )}
          </Group>
        </Stack>
        {!online && (
          <Alert color="orange" icon={<IconWifiOff size={18} />} data-testid="guest-offline">
            {GUEST.offline}
          </Alert>
        )}
        <ShopLines lines={shown.items} start={shown.stayStart} onTick={tick} />
      </Stack>
    </Container>
  );
}
