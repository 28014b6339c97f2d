/**
 * The navigation of a phone, in a drawer opened by the top bar's burger (Shell.tsx). Its own
 * chunk: the drawer's code (with its scroll area and positioning) is not needed elsewhere at
 * the first paint (issue 36).
 */
import { Drawer } from '@mantine/core';
import { NavDrawer } from './NavDrawer';
import { NAV } from '../strings';

const PANEL_WIDTH = 300;

export default function PhoneNav({
  pseudo,
  opened,
  onClose,
}: {
  pseudo: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={PANEL_WIDTH}
      title={NAV.navigationLabel}
      padding={0}
      styles={{ header: { paddingInline: 'var(--mantine-spacing-md)' } }}
    >
      <NavDrawer pseudo={pseudo} variant="panel" onNavigate={onClose} />
    </Drawer>
  );
}
