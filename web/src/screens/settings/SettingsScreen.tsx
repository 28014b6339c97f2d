import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Card, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { getSettings, postSettings } from '../../api/account';
import type { UserSettings } from '../../api/account';
import { notifySuccess } from '../../feedback/feedback';
import { updatePseudo } from '../../session/session';
import { SETTINGS, SUCCESS } from '../../strings';

/** Account preferences (spec 2.8). The password is never read back, only replaced. */
export function SettingsScreen() {
  const [saved, setSaved] = useState<UserSettings | null>(null);
  const [mail, setMail] = useState('');
  const [password, setPassword] = useState('');
  const [pseudo, setPseudo] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void getSettings().then((answer) => {
      if (cancelled || answer === undefined || answer === null) return;
      setSaved(answer);
      setMail(answer.Mail);
      setPseudo(answer.Pseudo);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const changed =
    saved !== null && (mail !== saved.Mail || pseudo !== saved.Pseudo || password !== '');

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!changed || busy) return;
    setBusy(true);
    try {
      const answer = await postSettings({ Mail: mail, Password: password, Pseudo: pseudo });
      if (answer === undefined) return;
      const stored = answer ?? { Mail: mail, Pseudo: pseudo };
      setSaved(stored);
      setMail(stored.Mail);
      setPseudo(stored.Pseudo);
      setPassword('');
      updatePseudo(stored.Pseudo);
      notifySuccess(SUCCESS.settingsUpdated);
    } finally {
      setBusy(false);
    }
  }

  const loading = saved === null;
  return (
    <Card
      component="form"
      onSubmit={(e: FormEvent) => void save(e)}
      noValidate
      withBorder
      shadow="sm"
      padding="xl"
      maw={560}
      data-testid="settings-form"
    >
      <Stack gap="md">
        <Title order={2} size="h3">
          {SETTINGS.title}
        </Title>
        <TextInput
          label={SETTINGS.mail}
          type="email"
          autoComplete="email"
          value={mail}
          disabled={loading}
          onChange={(e) => setMail(e.currentTarget.value)}
        />
        <PasswordInput
          label={SETTINGS.password}
          description={SETTINGS.passwordHint}
          autoComplete="new-password"
          value={password}
          disabled={loading}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <TextInput
          label={SETTINGS.pseudo}
          autoComplete="nickname"
          value={pseudo}
          disabled={loading}
          onChange={(e) => setPseudo(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={!changed || busy} loading={busy}>
            {SETTINGS.save}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
