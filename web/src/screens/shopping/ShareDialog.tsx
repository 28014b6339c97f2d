/**
 * 'Partager la liste': a link and its QR code that a helper opens on any phone, without an
 * account, to tick this list and nothing else. The link is a mutation like any other: made
 * offline, it works once this device has synced. The organiser can stop sharing at any time.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconLinkOff } from '@tabler/icons-react';
import { isShareOpen, type ShopList } from '@popote/domain';
import { LinkWithQr } from '../../components/LinkWithQr';
import { COMMON, COURSES } from '../../strings';
import { useLocalQuery } from '../../sync/useLocal';
import { useMutate } from '../../sync/useMutate';
import { newShareSecret } from '../../components/share-secret';
import { shopSessionUrl } from '../../navigation/shopping-links';

export function ShareDialog({
  list,
  opened,
  onClose,
}: {
  list: ShopList;
  opened: boolean;
  onClose: () => void;
}) {
  const mutate = useMutate();
  const { online } = useNetwork();
  const pending = useLocalQuery(async (_store, db) => db.outbox.count(), []) ?? 0;
  const [stopped, setStopped] = useState(false);
  // A link past its 30 days opens nothing any more: shown as none, and made again.
  const open = isShareOpen(list, Date.now());
  const url = open && list.share ? shopSessionUrl(window.location.origin, list.share.token) : null;

  // Opening the dialog on a list not shared yet makes its link (once per opening).
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (!opened || asked) return;
    setAsked(true);
    if (!open) {
      void mutate('shareShopList', {
        id: list.id,
        token: newShareSecret(),
        now: new Date().toISOString(),
      });
    }
  }, [opened, asked, open, list.id, mutate]);

  async function stop() {
    if ((await mutate('stopSharingShopList', { id: list.id })) !== null) setStopped(true);
  }

  function close() {
    setAsked(false);
    setStopped(false);
    onClose();
  }

  return (
    <Modal opened={opened} onClose={close} title={COURSES.shareTitle} size={600}>
      <Stack>
        <Text size="sm" c="dimmed">
          {COURSES.shareHint}
        </Text>
        {url !== null ? (
          <>
            <LinkWithQr url={url} texts={COURSES} testId="share" />
            {(!online || pending > 0) && <Alert color="orange">{COURSES.shareOffline}</Alert>}
          </>
        ) : stopped ? (
          <Alert color="gray" data-testid="share-stopped">
            {COURSES.sharingStopped}
          </Alert>
        ) : (
          <Loader size="sm" />
        )}
        <Group justify="space-between">
          {url !== null ? (
            <Button
              variant="light"
              color="red"
              leftSection={<IconLinkOff size={16} />}
              onClick={() => void stop()}
            >
              {COURSES.stopSharing}
            </Button>
          ) : (
            <span />
          )}
          <Button variant="default" onClick={close}>
            {COMMON.close}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
