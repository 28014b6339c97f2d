/**
 * A new ingredient, named and put in its category, from the day view's side panel or from a
 * menu's or recipe's search selector (createIngredient).
 */
import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { INGREDIENT_KIND_NAMES, INGREDIENT_KINDS, type IngredientKind } from '@popote/domain';
import { AGENDA, COMMON } from '../strings';

export interface CreateIngredientDialogProps {
  opened: boolean;
  initialName: string;
  onClose: () => void;
  /** Resolves true when the ingredient was created. */
  onCreate: (name: string, kind: IngredientKind) => Promise<boolean>;
}

export function CreateIngredientDialog(props: CreateIngredientDialogProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={AGENDA.createIngredientTitle}
      size={600}
    >
      {props.opened && <CreateIngredientForm {...props} />}
    </Modal>
  );
}

function CreateIngredientForm({ initialName, onClose, onCreate }: CreateIngredientDialogProps) {
  const [name, setName] = useState(initialName);
  const [kind, setKind] = useState<IngredientKind>(0);
  const [busy, setBusy] = useState(false);
  async function submit() {
    if (name.trim() === '' || busy) return;
    setBusy(true);
    try {
      if (await onCreate(name.trim(), kind)) onClose();
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextInput
        label={AGENDA.ingredientName}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        data-autofocus
        required
      />
      <Select
        label={AGENDA.ingredientKind}
        data={INGREDIENT_KINDS.map((k) => ({ value: String(k), label: INGREDIENT_KIND_NAMES[k] }))}
        value={String(kind)}
        onChange={(v) => v !== null && setKind(Number(v) as IngredientKind)}
        allowDeselect={false}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {COMMON.cancel}
        </Button>
        <Button type="submit" disabled={name.trim() === ''} loading={busy}>
          {AGENDA.create}
        </Button>
      </Group>
    </Stack>
  );
}
