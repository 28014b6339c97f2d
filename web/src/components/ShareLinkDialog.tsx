/**
 * The one share-link dialog: a link and its QR code to open on a phone, the notice while the
 * server does not know it yet (it learns a link only through sync), and the buttons to stop
 * sharing and, where offered, to make a new link. Used by the stay's export link
 * ('Exporter sur un smartphone') and a shopping list's helpers' link ('Partager la liste');
 * each says what it shares through its texts and its mutations.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconLinkOff, IconRefresh } from '@tabler/icons-react';
import { COMMON } from '../strings';
import { useLocalQuery } from '../sync/useLocal';
import { LinkWithQr, type LinkWithQrTexts } from './LinkWithQr';

/** An action of the dialog: true once its mutation was accepted on this device. */
export interface ShareLinkAction {
  label: string;
  run: () => Promise<boolean>;
}

export function ShareLinkDialog({
  opened,
  onClose,
  title,
  hint,
  url,
  linkTexts,
  testId,
  syncNote,
  belowLink,
  stoppedNote,
  waiting,
  makeLinkIfNone,
  stop,
  renew,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  hint: string;
  /** The link, null while there is none (not made yet, or stopped). */
  url: string | null;
  linkTexts: LinkWithQrTexts;
  /** The link field is `<testId>-link`, the QR code `<testId>-qr`. */
  testId: string;
  /** The notice shown while offline or while changes wait to be sent. */
  syncNote: (online: boolean) => ReactNode;
  belowLink?: ReactNode;
  /** Shown once sharing was stopped in this opening. */
  stoppedNote: ReactNode;
  /** Shown while the link is being made. */
  waiting: ReactNode;
  /** Run once per opening: makes the link when there is none. */
  makeLinkIfNone: () => void;
  stop: ShareLinkAction;
  renew?: ShareLinkAction;
}) {
  const { online } = useNetwork();
  const pending = useLocalQuery(async (_store, db) => db.outbox.count(), []) ?? 0;
  /** Set once the link was asked for in this opening, so that stopping does not undo itself. */
  const [asked, setAsked] = useState(false);
  const [stopped, setStopped] = useState(false);

  useEffect(() => {
    if (!opened || asked) return;
    setAsked(true);
    makeLinkIfNone();
    // makeLinkIfNone is remade each render; what matters is the first render of an opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, asked]);

  function close() {
    setAsked(false);
    setStopped(false);
    onClose();
  }

  const stopButton = url !== null && (
    <Button
      variant="light"
      color="red"
      leftSection={<IconLinkOff size={16} />}
      onClick={() => void stop.run().then((done) => done && setStopped(true))}
    >
      {stop.label}
    </Button>
  );

  return (
    <Modal opened={opened} onClose={close} title={title} size={600}>
      <Stack>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        {url !== null ? (
          <>
            <LinkWithQr url={url} texts={linkTexts} testId={testId} />
            {(!online || pending > 0) && syncNote(online)}
            {belowLink}
          </>
        ) : stopped ? (
          stoppedNote
        ) : (
          waiting
        )}
        <Group justify="space-between">
          {renew ? (
            <Group gap="xs">
              <Button
                variant="light"
                leftSection={<IconRefresh size={16} />}
                onClick={() => void renew.run().then((done) => done && setStopped(false))}
              >
                {renew.label}
              </Button>
              {stopButton}
            </Group>
          ) : (
            stopButton || <span />
          )}
          <Button variant="default" onClick={close}>
            {COMMON.close}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
