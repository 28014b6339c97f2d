/**
 * A screen that throws while drawing (a row the device could not foresee, a bug) shows a French
 * message in its place; the shell, the navigation and the other screens keep working, and
 * nothing pending on the device is touched. Keyed by the address, so that leaving the screen
 * clears the error.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { SCREEN_ERROR } from '../strings';

interface State {
  failed: boolean;
}

export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Écran en erreur', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle />}
        title={SCREEN_ERROR.title}
        data-testid="screen-error"
        maw={640}
      >
        <Stack gap="sm">
          <Text size="sm">{SCREEN_ERROR.body}</Text>
          <Group>
            <Button variant="light" color="red" onClick={() => this.setState({ failed: false })}>
              {SCREEN_ERROR.retry}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
}
