import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { getSettings, postSettings } from '../../api/account';
import type { UserSettings } from '../../api/account';
import { notifySuccess } from '../../feedback/feedback';
import { passwordChanged, rememberAccount } from '../../session/session';
import { useSession } from '../../session/useSession';
import { SETTINGS, SUCCESS } from '../../strings';
import { useOnline } from '../../sync/useOnline';
import { DataSection } from './DataSection';
import { DeleteAccountSection } from './DeleteAccountSection';

/**
 * Account preferences (spec 2.8). The password is never read back, only replaced. Offline, the
 * mail and pseudonym known on this device are shown (kept in the session at login and at each
 * read), and saving says that it needs the network. Changing the mail or the password asks for
 * the current password; a new mail is used once the link mailed to it is followed (shown as
 * pending until then).
 */
export function SettingsScreen() {
  const session = useSession();
  const online = useOnline();
  const local: UserSettings = { Mail: session?.mail ?? '', Pseudo: session?.pseudo ?? '' };
  const [fromServer, setFromServer] = useState<UserSettings | null>(null);
  const [mail, setMail] = useState(local.Mail);
  const [password, setPassword] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [currentMissing, setCurrentMissing] = useState(false);
  const [pseudo, setPseudo] = useState(local.Pseudo);
  const [busy, setBusy] = useState(false);
  const [offlineRefusal, setOfflineRefusal] = useState(false);
  // What the user typed is never overwritten by the server's values arriving later.
  const [edited, setEdited] = useState(false);

  useEffect(() => {
    if (!online || fromServer !== null) return;
    let cancelled = false;
    void getSettings().then((answer) => {
      if (cancelled || answer === undefined || answer === null) return;
      setFromServer(readSettings(answer));
      rememberAccount({ mail: answer.Mail, pseudo: answer.Pseudo });
      if (edited) return;
      setMail(answer.Mail);
      setPseudo(answer.Pseudo);
    });
    return () => {
      cancelled = true;
    };
  }, [online, fromServer, edited]);

  useEffect(() => {
    if (online) setOfflineRefusal(false);
  }, [online]);

  const saved = fromServer ?? local;
  const changed = mail !== saved.Mail || pseudo !== saved.Pseudo || password !== '';
  // The server compares mails without case or surrounding spaces.
  const mailChanges = mail.trim().toLowerCase() !== saved.Mail.trim().toLowerCase();
  const needsCurrent = mailChanges || password !== '';

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!changed || busy) return;
    if (!navigator.onLine) {
      setOfflineRefusal(true);
      return;
    }
    if (needsCurrent && currentPassword === '') {
      setCurrentMissing(true);
      return;
    }
    setBusy(true);
    try {
      const answer = await postSettings({
        Mail: mail,
        Password: password,
        Pseudo: pseudo,
        ...(needsCurrent ? { CurrentPassword: currentPassword } : {}),
      });
      if (answer === undefined) return;
      const stored = answer === null ? { Mail: saved.Mail, Pseudo: pseudo } : readSettings(answer);
      setFromServer(stored);
      setMail(stored.Mail);
      setPseudo(stored.Pseudo);
      setPassword('');
      setCurrentPassword('');
      setEdited(false);
      rememberAccount({ mail: stored.Mail, pseudo: stored.Pseudo });
      if (password !== '') passwordChanged();
      notifySuccess(
        mailChanges && stored.PendingMail !== undefined
          ? SETTINGS.mailLinkSent(stored.PendingMail)
          : SUCCESS.settingsUpdated,
      );
    } finally {
      setBusy(false);
    }
  }

  // Online, the fields wait for the server's values (unless already typed in); offline they
  // show the local ones.
  const loading = online && fromServer === null && !edited;
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
        {!online && (
          <Alert color="gray" data-testid="settings-offline">
            <Text size="sm">{SETTINGS.offline}</Text>
          </Alert>
        )}
        {session?.mustChangePassword === true && (
          <Alert color="orange" data-testid="settings-must-change-password">
            <Text size="sm">{SETTINGS.mustChangePassword}</Text>
          </Alert>
        )}
        <TextInput
          label={SETTINGS.mail}
          type="email"
          autoComplete="email"
          value={mail}
          placeholder={mail === '' ? SETTINGS.unknownLocally : undefined}
          description={
            saved.PendingMail !== undefined ? SETTINGS.pendingMail(saved.PendingMail) : undefined
          }
          disabled={loading}
          onChange={(e) => {
            setEdited(true);
            setMail(e.currentTarget.value);
          }}
        />
        <PasswordInput
          label={SETTINGS.password}
          description={SETTINGS.passwordHint}
          autoComplete="new-password"
          value={password}
          disabled={loading}
          onChange={(e) => {
            setEdited(true);
            setPassword(e.currentTarget.value);
          }}
        />
        {needsCurrent && (
          <PasswordInput
            label={SETTINGS.currentPassword}
            description={SETTINGS.currentPasswordHint}
            autoComplete="current-password"
            required
            value={currentPassword}
            error={
              currentMissing && currentPassword === '' ? SETTINGS.currentPasswordMissing : null
            }
            onChange={(e) => {
              setCurrentMissing(false);
              setCurrentPassword(e.currentTarget.value);
            }}
          />
        )}
        <TextInput
          label={SETTINGS.pseudo}
          autoComplete="nickname"
          value={pseudo}
          disabled={loading}
          onChange={(e) => {
            setEdited(true);
            setPseudo(e.currentTarget.value);
          }}
        />
        {offlineRefusal && (
          <Text c="red.8" size="sm" role="alert">
            {SETTINGS.saveOffline}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={!changed || busy} loading={busy}>
            {SETTINGS.save}
          </Button>
        </Group>
        <DataSection />
        <DeleteAccountSection />
      </Stack>
    </Card>
  );
}

/** What the server answered, with the pending mail when there is one. */
function readSettings(answer: UserSettings): UserSettings {
  return {
    Mail: answer.Mail,
    Pseudo: answer.Pseudo,
    ...(typeof answer.PendingMail === 'string' ? { PendingMail: answer.PendingMail } : {}),
  };
}
