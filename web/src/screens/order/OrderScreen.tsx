import { Title } from '@mantine/core';
import { PLACEHOLDERS } from '../../strings';

/** Placeholder until the screen is built. */
export function OrderScreen() {
  return (
    <Title order={2} size="h4" data-testid="screen-order">
      {PLACEHOLDERS.order}
    </Title>
  );
}
