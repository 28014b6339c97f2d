/**
 * 'Exporter sur un smartphone' (spec 2.4, issue 5): the stay's export link, to copy or to scan
 * as a QR code. Opening it on a stay without a link makes one; the owner can revoke the link
 * or replace it. The server learns a new secret only through sync, hence the offline notice.
 */
import { Alert, Group, Loader, Text } from '@mantine/core';
import { stayExportUrl, type Stay } from '@popote/domain';
import { ShareLinkDialog } from '../../components/ShareLinkDialog';
import { newShareSecret } from '../../components/share-secret';
import { SEJOURS } from '../../strings';
import { useMutate } from '../../sync/useMutate';

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
  const secret = stay.exportSecret;
  const url = secret === null ? null : stayExportUrl(window.location.origin, secret, stay);
  const renew = async () =>
    (await mutate('setStayExportSecret', { stayId: stay.id, secret: newShareSecret() })) !== null;

  return (
    <ShareLinkDialog
      opened={opened}
      onClose={onClose}
      title={SEJOURS.exportTitle}
      hint={SEJOURS.exportSubtitle}
      url={url}
      linkTexts={SEJOURS}
      testId="export"
      syncNote={(online) => (
        <Alert color="orange" data-testid="export-sync-note">
          {online ? SEJOURS.pendingNote : SEJOURS.offlineNote}
        </Alert>
      )}
      belowLink={
        <Text size="xs" c="dimmed">
          {SEJOURS.linkIsSecret}
        </Text>
      }
      stoppedNote={
        <Alert color="gray" data-testid="export-revoked">
          {SEJOURS.revoked}
        </Alert>
      }
      waiting={
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{SEJOURS.creatingLink}</Text>
        </Group>
      }
      makeLinkIfNone={() => {
        if (secret === null) void renew();
      }}
      stop={{
        label: SEJOURS.revoke,
        run: async () =>
          (await mutate('setStayExportSecret', { stayId: stay.id, secret: null })) !== null,
      }}
      renew={{ label: SEJOURS.newLink, run: renew }}
    />
  );
}
