import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  List,
  Modal,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { deleteAccount } from '../../api/account';
import { endDeletedAccount } from '../../session/account-deleted';
import { useSession } from '../../session/useSession';
import { ACCOUNT_DELETION as T, DATA } from '../../strings';
import { useOnline } from '../../sync/useOnline';
import { useUserDataDownload } from './useUserDataDownload';

/**
 * 'Supprimer mon compte' (issue 33), a section of the settings: says what will be deleted and
 * what stays for others, offers to download the user's data first, asks for the password and a
 * confirmation, then erases the account on the server, logs out and deletes this device's local
 * database of the user (pending changes included: the one logout that drops them, on purpose).
 * 'Télécharger mes données' saves the same file as the 'Mes données' section, from the dialog.
 */
export function DeleteAccountSection() {
  const session = useSession();
  const online = useOnline();
  const [opened, setOpened] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { downloading, download } = useUserDataDownload(setError);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setOpened(false);
    setPassword('');
    setConfirmed(false);
    setError(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The dialog sits in a portal, but React still bubbles its submit to the settings form.
    event.stopPropagation();
    if (busy || session === null || !confirmed) return;
    if (password === '') {
      setError(T.passwordMissing);
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await deleteAccount(password);
    if (!answer.ok) {
      setBusy(false);
      setError(answer.message);
      return;
    }
    await endDeletedAccount(session.idUser, T.done);
  }

  return (
    <Stack gap="sm" data-testid="delete-account-section">
      <Divider />
      <Title order={3} size="h4">
        {T.title}
      </Title>
      <Text size="sm">{T.intro}</Text>
      <Group justify="flex-end">
        <Button type="button" color="red" variant="outline" onClick={() => setOpened(true)}>
          {T.open}
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={close}
        title={T.dialogTitle}
        size="lg"
        data-testid="delete-account-dialog"
      >
        <form onSubmit={(e: FormEvent) => void submit(e)} noValidate>
          <Stack gap="md">
            <div>
              <Text fw={600} size="sm">
                {T.deletedTitle}
              </Text>
              <List size="sm" spacing={4}>
                {T.deleted.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            </div>
            <div>
              <Text fw={600} size="sm">
                {T.keptTitle}
              </Text>
              <List size="sm" spacing={4}>
                {T.kept.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            </div>
            <Alert color="blue">
              <Stack gap="xs">
                <Text size="sm">{T.downloadFirst}</Text>
                <Group>
                  <Button type="button" variant="light" loading={downloading} onClick={download}>
                    {DATA.download}
                  </Button>
                </Group>
              </Stack>
            </Alert>
            {!online && (
              <Alert color="gray" data-testid="delete-account-offline">
                <Text size="sm">{T.offline}</Text>
              </Alert>
            )}
            <PasswordInput
              label={T.password}
              description={T.passwordHint}
              autoComplete="current-password"
              value={password}
              error={error}
              onChange={(e) => {
                setError(null);
                setPassword(e.currentTarget.value);
              }}
            />
            <Checkbox
              label={T.confirm}
              checked={confirmed}
              onChange={(e) => setConfirmed(e.currentTarget.checked)}
            />
            <Group justify="flex-end">
              <Button type="button" variant="default" onClick={close}>
                {T.cancel}
              </Button>
              <Button
                type="submit"
                color="red"
                loading={busy}
                disabled={!confirmed || !online || busy}
              >
                {T.submit}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
