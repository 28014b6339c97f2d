/**
 * 'Exporter sur un smartphone' (spec 2.4, issue 5): the stay's export link, to copy or to scan
 * as a QR code. Opening it on a stay without a link makes one; the owner can revoke the link
 * or replace it. The server learns a new secret only through sync, hence the offline notice.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconRefresh, IconLinkOff } from '@tabler/icons-react';
import { stayExportUrl, type Stay } from '@popote/domain';
import { COMMON, SEJOURS } from '../../strings';
import { useMutate } from '../../sync/useMutate';
import { useLocalQuery } from '../../sync/useLocal';
import { newShareSecret } from '../../components/share-secret';
import { LinkWithQr } from '../../components/LinkWithQr';

export function StayExportLinkDialog({
  stay,
  opened,
  onClose,
}: {
  stay: Stay;
  opened: boolean;
  onClose: () => void;
}) {
  const mutate = useMutate();
  const { online } = useNetwork();
  const pending = useLocalQuery(async (_store, db) => db.outbox.count(), []) ?? 0;
  /** Set once a link was asked for in this opening, so that a revocation does not undo itself. */
  const [asked, setAsked] = useState(false);
  const [revoked, setRevoked] = useState(false);
  const secret = stay.exportSecret;
  const url = secret === null ? null : stayExportUrl(window.location.origin, secret, stay);

  const renew = () =>
    mutate('setStayExportSecret', { stayId: stay.id, secret: newShareSecret() }).then((done) => {
      if (done !== null) setRevoked(false);
    });

  useEffect(() => {
    if (!opened || asked) return;
    setAsked(true);
    if (secret === null) void renew();
    // renew is remade each render; what matters is the first render of an opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, asked, secret]);

  async function revoke() {
    if ((await mutate('setStayExportSecret', { stayId: stay.id, secret: null })) !== null) {
      setRevoked(true);
    }
  }

  function close() {
    setAsked(false);
    setRevoked(false);
    onClose();
  }

  return (
    <Modal opened={opened} onClose={close} title={SEJOURS.exportTitle} size={600}>
      <Stack>
        <Text size="sm" c="dimmed">
          {SEJOURS.exportSubtitle}
        </Text>
        {url !== null ? (
          <>
            <LinkWithQr url={url} texts={SEJOURS} testId="export" />
            {(!online || pending > 0) && (
              <Alert color="orange" data-testid="export-sync-note">
                {online ? SEJOURS.pendingNote : SEJOURS.offlineNote}
              </Alert>
            )}
            <Text size="xs" c="dimmed">
              {SEJOURS.linkIsSecret}
            </Text>
          </>
        ) : revoked ? (
          <Alert color="gray" data-testid="export-revoked">
            {SEJOURS.revoked}
          </Alert>
        ) : (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{SEJOURS.creatingLink}</Text>
          </Group>
        )}
        <Group justify="space-between">
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconRefresh size={16} />}
              onClick={() => void renew()}
            >
              {SEJOURS.newLink}
            </Button>
            {url !== null && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconLinkOff size={16} />}
                onClick={() => void revoke()}
              >
                {SEJOURS.revoke}
              </Button>
            )}
          </Group>
          <Button variant="default" onClick={close}>
            {COMMON.close}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
