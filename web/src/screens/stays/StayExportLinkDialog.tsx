/**
 * 'Exporter sur un smartphone' (spec 2.4, issue 5): the stay's export link, to copy or to scan
 * as a QR code. Opening it on a stay without a link makes one; the owner can revoke the link
 * or replace it. The server learns a new secret only through sync, hence the offline notice.
 */
import { Alert, Group, Loader, Text } from '@mantine/core';
import { stayExportUrl, type Stay } from '@popote/domain';
import { ShareLinkDialog } from '../../components/ShareLinkDialog';
import { newShareSecret } from '../../components/share-secret';
import { STAYS } from '../../strings';
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
      title={STAYS.exportTitle}
      hint={STAYS.exportSubtitle}
      url={url}
      linkTexts={STAYS}
      testId="phone-export"
      syncNote={(online) => (
        <Alert color="orange" data-testid="phone-export-sync-note">
          {online ? STAYS.pendingNote : STAYS.offlineNote}
        </Alert>
      )}
      belowLink={
        <Text size="xs" c="dimmed">
          {STAYS.linkIsSecret}
        </Text>
      }
      stoppedNote={
        <Alert color="gray" data-testid="phone-export-revoked">
          {STAYS.revoked}
        </Alert>
      }
      waiting={
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{STAYS.creatingLink}</Text>
        </Group>
      }
      makeLinkIfNone={() => {
        if (secret === null) void renew();
      }}
      stop={{
        label: STAYS.revoke,
        run: async () =>
          (await mutate('setStayExportSecret', { stayId: stay.id, secret: null })) !== null,
      }}
      renew={{ label: STAYS.newLink, run: renew }}
    />
  );
}
