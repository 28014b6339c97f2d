/**
 * When the session token expired, sync pauses (nothing pending is dropped) and the user logs
 * in again here, without leaving the screen or losing what is on it.
 */
import { useState } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { postLogin } from '../api/account';
import { renewToken } from '../session/session';
import { useSession } from '../session/useSession';
import { LOGIN, SYNC } from '../strings';

export function ReloginDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const session = useSession();
  const [mail, setMail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setError(null);
    const answer = await postLogin({ Mail: mail, Password: password });
    setBusy(false);
    if (!answer) return;
    if (answer.Error) return setError(answer.Error);
    if (answer.Id !== session?.idUser) return setError(SYNC.reloginOtherAccount);
    renewToken(answer.Token);
    setPassword('');
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={SYNC.reloginTitle} size={600}>
      <Stack
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Text size="sm">{SYNC.reloginBody}</Text>
        <TextInput
          label={LOGIN.mail}
          value={mail}
          onChange={(e) => setMail(e.currentTarget.value)}
        />
        <PasswordInput
          label={LOGIN.password}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={error}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={!mail || !password}>
            {SYNC.reloginButton}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
