/** Names a new supplier profile or renames one. */
import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { MAX_NAME_LENGTH } from '@popote/domain';
import { COMMON, PROFILES } from '../../strings';

export interface ProfileNameDialogProps {
  title: string;
  initialName: string;
  onSave: (name: string) => void;
  onClose: () => void;
}

export function ProfileNameDialog({ title, initialName, onSave, onClose }: ProfileNameDialogProps) {
  const [name, setName] = useState(initialName);
  const valid = name.trim() !== '';
  const save = () => {
    if (!valid) return;
    onSave(name.trim());
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title={title} size={600}>
      <Stack>
        <TextInput
          label={PROFILES.name}
          value={name}
          maxLength={MAX_NAME_LENGTH}
          data-autofocus
          onChange={(e) => setName(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') save();
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {COMMON.cancel}
          </Button>
          <Button onClick={save} disabled={!valid}>
            {COMMON.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
