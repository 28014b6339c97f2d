import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { LOGIN } from '../../strings';

/** Beside the connection form on wide screens (spec 2.3). */
export function WelcomeCard({ onRegister }: { onRegister: () => void }) {
  return (
    <Card
      visibleFrom="sm"
      withBorder
      shadow="sm"
      padding="xl"
      w={{ base: 420, md: 340 }}
      maw="100%"
      data-testid="welcome-card"
    >
      <Stack justify="space-between" h="100%">
        <Stack gap="sm">
          <Title order={2} size="h3">
            {LOGIN.welcomeTitle}
          </Title>
          <Text>{LOGIN.welcomeText}</Text>
        </Stack>
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {LOGIN.welcomeRegisterPrompt}
          </Text>
          <Button color="blue" variant="light" onClick={onRegister}>
            {LOGIN.submitSignUp}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}
