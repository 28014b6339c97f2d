/**
 * A link to open on a phone, with its copy button and its QR code: the stay's export link and
 * a shared shopping list's. The QR encoder is loaded on first use only.
 */
import { ActionIcon, Box, CopyButton, Image, Loader, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { QR_SIZE, useQrCode } from './useQrCode';

export interface LinkWithQrTexts {
  link: string;
  copyLink: string;
  linkCopied: string;
  qrAlt: string;
}

export function LinkWithQr({
  url,
  texts,
  testId,
}: {
  url: string;
  texts: LinkWithQrTexts;
  /** The link field is `<testId>-link`, the QR code `<testId>-qr`. */
  testId: string;
}) {
  const qr = useQrCode(url);
  return (
    <>
      <TextInput
        label={texts.link}
        value={url}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        data-testid={`${testId}-link`}
        rightSection={
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? texts.linkCopied : texts.copyLink} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  aria-label={texts.copyLink}
                  onClick={copy}
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        }
      />
      <Box mx="auto" w={QR_SIZE} h={QR_SIZE}>
        {qr === null ? (
          <Loader m="auto" />
        ) : (
          <Image src={qr} alt={texts.qrAlt} w={QR_SIZE} h={QR_SIZE} data-testid={`${testId}-qr`} />
        )}
      </Box>
    </>
  );
}
