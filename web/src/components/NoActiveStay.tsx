import { Button, Card, Stack, Text } from '@mantine/core';
import { IconTent } from '@tabler/icons-react';
import { Link } from 'react-router';
import { STAY_NEEDED } from '../strings';
import { PATHS } from '../navigation/routes';

/** What a screen of the active stay shows when no stay is active: the way to the stays. */
export function NoActiveStay({ testId }: { testId: string }) {
  return (
    <Card withBorder shadow="sm" padding="xl" maw={560} data-testid={testId}>
      <Stack align="flex-start">
        <Text>{STAY_NEEDED.noStay}</Text>
        <Button component={Link} to={PATHS.stays} leftSection={<IconTent size={18} />}>
          {STAY_NEEDED.goToStays}
        </Button>
      </Stack>
    </Card>
  );
}
