import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  Button,
  Card,
  Center,
  Flex,
  Group,
  PasswordInput,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { canSubmitLogin, looksLikeMail } from '@popote/domain';
import { postSignUp, postLogin, requestPasswordReset, resendConfirmation } from '../../api/account';
import { notifySuccess } from '../../feedback/feedback';
import { requestPersistentStorage } from '../../pwa/persistStorage';
import { login } from '../../session/session';
import { LOGIN } from '../../strings';
import { LoginDialog } from './LoginDialog';
import { fieldOfAnswer, registrationProblem, type LoginField } from './login-form';
import { WelcomeCard } from './WelcomeCard';
import { PATHS } from '../../navigation/routes';

type Mode = 'connection' | 'signUp';

/** A refusal, shown under the field it concerns. */
interface FormError {
  text: string;
  field: LoginField;
  /** A registration whose confirmation link was never followed: offer to send it again. */
  unconfirmed?: boolean;
}

/** The settings screen (spec 2.8). */
const SETTINGS_PATH = PATHS.settings;

/** Set by the server when the confirmation link of a registration has been followed. */
const SUCCESS_SIGN_UP_PARAM = 'show-success-inscription';

/** Login and registration (spec 2.3). */
export function LoginScreen() {
  const [mode, setMode] = useState<Mode>('connection');
  const [mail, setMail] = useState('');
  const [password, setPassword] = useState('');
  const [pseudo, setPseudo] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormError | null>(null);
  const [openDialog, setOpenDialog] = useState<'registered' | 'reset' | 'resent' | null>(null);
  // Kept after closing so that the text does not change while the dialog fades out.
  const [dialogMail, setDialogMail] = useState('');
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();

  const signUp = mode === 'signUp';

  function switchMode(next: Mode) {
    setMode(next);
    setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmitLogin({ mail, password, busy })) return;
    setBusy(true);
    setError(null);
    try {
      if (signUp) {
        const problem = registrationProblem({ password, pseudo }, LOGIN);
        if (problem !== null) {
          setError(problem);
          return;
        }
        const answer = await postSignUp({ Mail: mail, Password: password, Pseudo: pseudo });
        if (answer === undefined || answer === null) return;
        if (answer.Error) {
          setError({ text: answer.Error, field: fieldOfAnswer(answer) });
          return;
        }
        setDialogMail(mail);
        setOpenDialog('registered');
      } else {
        const answer = await postLogin({ Mail: mail, Password: password });
        if (answer === undefined || answer === null) return;
        if (answer.Error) {
          setError({
            text: answer.Error,
            field: fieldOfAnswer(answer),
            unconfirmed: answer.IsUnconfirmed === true,
          });
          return;
        }
        login({ idUser: answer.Id, token: answer.Token, pseudo: answer.Pseudo, mail: mail.trim() });
        notifySuccess(LOGIN.welcomeBack(answer.Pseudo));
        // Logged in with the mailed password: it stops working 24 h later, so the settings,
        // which say so and take the new one, open at once.
        if (answer.MustChangePassword === true) void navigate(SETTINGS_PATH);
        void requestPersistentStorage();
      }
    } finally {
      setBusy(false);
    }
  }

  async function forgotPassword() {
    setBusy(true);
    try {
      const answer = await requestPasswordReset(mail);
      if (answer === undefined || answer === null) return;
      setDialogMail(mail);
      setOpenDialog('reset');
    } finally {
      setBusy(false);
    }
  }

  async function resendLink() {
    setBusy(true);
    try {
      const answer = await resendConfirmation({ Mail: mail, Password: password });
      if (answer === undefined || answer === null) return;
      setDialogMail(mail);
      setOpenDialog('resent');
    } finally {
      setBusy(false);
    }
  }

  const errorOf = (field: LoginField) => (error?.field === field ? error.text : null);

  return (
    <Center mih="calc(100dvh - 56px)" p="md">
      {/* Side by side from 992 px; stacked below, the form first (tablet portrait, phone). */}
      <Flex
        direction={{ base: 'column', md: 'row' }}
        align={{ base: 'center', md: 'stretch' }}
        gap="lg"
        maw="100%"
      >
        <Card
          component="form"
          onSubmit={(e: FormEvent) => void submit(e)}
          noValidate
          withBorder
          shadow="sm"
          padding="xl"
          w={420}
          maw="100%"
          data-testid="login-form"
        >
          <Stack gap="md">
            <Title order={2} size="h3">
              {signUp ? LOGIN.signUpTitle : LOGIN.connectionTitle}
            </Title>
            <TextInput
              label={LOGIN.mail}
              type="email"
              autoComplete={signUp ? 'email' : 'username'}
              description={signUp ? LOGIN.mailHintSignUp : undefined}
              value={mail}
              onChange={(e) => setMail(e.currentTarget.value)}
              error={errorOf('mail')}
              wrapperProps={{ 'data-testid': 'login-mail-field' }}
            />
            <PasswordInput
              label={LOGIN.password}
              autoComplete={signUp ? 'new-password' : 'current-password'}
              description={signUp ? LOGIN.passwordRule : undefined}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errorOf('password')}
              wrapperProps={{ 'data-testid': 'login-password-field' }}
            />
            {signUp && (
              <TextInput
                label={LOGIN.pseudo}
                description={LOGIN.pseudoHint}
                autoComplete="nickname"
                value={pseudo}
                onChange={(e) => setPseudo(e.currentTarget.value)}
                error={errorOf('pseudo')}
                wrapperProps={{ 'data-testid': 'login-pseudo-field' }}
              />
            )}
            {error?.unconfirmed === true && !signUp && (
              <Button
                variant="light"
                color="blue"
                disabled={busy || !canSubmitLogin({ mail, password, busy })}
                onClick={() => void resendLink()}
              >
                {LOGIN.resendLink}
              </Button>
            )}
            <Group justify="flex-end" gap="sm">
              {signUp && (
                <Button variant="subtle" color="gray" onClick={() => switchMode('connection')}>
                  {LOGIN.back}
                </Button>
              )}
              {!signUp && (
                // Without the welcome card (small screens) this is the way to register.
                <Button
                  hiddenFrom="sm"
                  variant="subtle"
                  color="blue"
                  onClick={() => switchMode('signUp')}
                >
                  {LOGIN.submitSignUp}
                </Button>
              )}
              {/* No password to reset for a registration still waiting for its link. */}
              {error !== null && error.unconfirmed !== true && (
                <Button
                  variant="subtle"
                  color="blue"
                  disabled={busy || !looksLikeMail(mail)}
                  onClick={() => void forgotPassword()}
                >
                  {LOGIN.forgotPassword}
                </Button>
              )}
              <Button
                type="submit"
                disabled={!canSubmitLogin({ mail, password, busy })}
                loading={busy}
                data-testid="login-submit"
              >
                {signUp ? LOGIN.submitSignUp : LOGIN.submitConnection}
              </Button>
            </Group>
          </Stack>
        </Card>
        {!signUp && <WelcomeCard onRegister={() => switchMode('signUp')} />}
      </Flex>

      <LoginDialog
        testId="dialog-success-sign-up"
        opened={searchParams.has(SUCCESS_SIGN_UP_PARAM)}
        onClose={() => setSearchParams({}, { replace: true })}
        title={LOGIN.successSignUpTitle}
      >
        {LOGIN.successSignUpText}
      </LoginDialog>
      <LoginDialog
        testId="dialog-registered"
        opened={openDialog === 'registered'}
        onClose={() => {
          setOpenDialog(null);
          switchMode('connection');
        }}
        title={LOGIN.registeredTitle}
      >
        {LOGIN.registeredText(dialogMail)}
      </LoginDialog>
      <LoginDialog
        testId="dialog-reset"
        opened={openDialog === 'reset'}
        onClose={() => setOpenDialog(null)}
        title={LOGIN.resetTitle}
      >
        {LOGIN.resetText(dialogMail)}
      </LoginDialog>
      <LoginDialog
        testId="dialog-resent"
        opened={openDialog === 'resent'}
        onClose={() => setOpenDialog(null)}
        title={LOGIN.resentTitle}
      >
        {LOGIN.resentText(dialogMail)}
      </LoginDialog>
    </Center>
  );
}
