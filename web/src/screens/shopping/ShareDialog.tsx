/**
 * 'Partager la liste': a link and its QR code that a helper opens on any phone, without an
 * account, to tick this list and nothing else. The link is a mutation like any other: made
 * offline, it works once this device has synced. The organiser can stop sharing at any time.
 */
import { Alert, Loader } from '@mantine/core';
import { isShareOpen, type ShopList } from '@popote/domain';
import { ShareLinkDialog } from '../../components/ShareLinkDialog';
import { newShareSecret } from '../../components/share-secret';
import { shopSessionUrl } from '../../navigation/shopping-links';
import { SHOPPING } from '../../strings';
import { useMutate } from '../../sync/useMutate';

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
  // A link past its 30 days opens nothing any more: shown as none, and made again.
  const open = isShareOpen(list, Date.now());
  const url = open && list.share ? shopSessionUrl(window.location.origin, list.share.token) : null;

  return (
    <ShareLinkDialog
      opened={opened}
      onClose={onClose}
      title={SHOPPING.shareTitle}
      hint={SHOPPING.shareHint}
      url={url}
      linkTexts={SHOPPING}
      testId="share"
      syncNote={() => <Alert color="orange">{SHOPPING.shareOffline}</Alert>}
      stoppedNote={
        <Alert color="gray" data-testid="share-stopped">
          {SHOPPING.sharingStopped}
        </Alert>
      }
      waiting={<Loader size="sm" />}
      makeLinkIfNone={() => {
        if (!open) {
          void mutate('shareShopList', {
            id: list.id,
            token: newShareSecret(),
            now: new Date().toISOString(),
          });
        }
      }}
      stop={{
        label: SHOPPING.stopSharing,
        run: async () => (await mutate('stopSharingShopList', { id: list.id })) !== null,
      }}
    />
  );
}
