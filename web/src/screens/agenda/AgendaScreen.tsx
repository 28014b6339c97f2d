import { Title } from '@mantine/core';
import { PLACEHOLDERS } from '../../strings';

/** Placeholder until the screen is built. */
export function AgendaScreen() {
  return (
    <Title order={2} size="h4" data-testid="screen-agenda">
      {PLACEHOLDERS.agenda}
    </Title>
  );
}
