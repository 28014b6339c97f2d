/**
 * 'Couleur' (spec 2.4): the colour as a swatch on a button titled 'Modifier la couleur' that
 * opens a hexadecimal colour picker, with the code to type or paste.
 */
import { useState } from 'react';
import {
  ColorPicker,
  ColorSwatch,
  Group,
  Input,
  Stack,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { STAYS } from '../../strings';
import { GROUP_COLORS } from './stay-helpers';

const isHex = (value: string) => /^#[0-9a-f]{6}$/iu.test(value);

export function ColorField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (color: string) => void;
  error: string | null;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Input.Wrapper label={STAYS.color} error={error}>
      <Stack gap="xs" mt={4}>
        <UnstyledButton
          title={STAYS.changeColor}
          aria-label={STAYS.changeColor}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          <Group gap="xs">
            <ColorSwatch color={isHex(value) ? value : '#FFFFFF'} size={32} />
            {open ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
          </Group>
        </UnstyledButton>
        {open && (
          <Group align="flex-start" gap="md">
            <ColorPicker
              format="hex"
              value={isHex(value) ? value : '#FFFFFF'}
              onChange={(color) => onChange(color.toUpperCase())}
              swatches={[...GROUP_COLORS]}
              swatchesPerRow={8}
            />
            <TextInput
              label={STAYS.hexCode}
              value={value}
              onChange={(e) => onChange(e.currentTarget.value.trim())}
              maxLength={7}
              w={140}
            />
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
