/** 'Modifier l'ingrédient' (spec 2.5): course type and quantity of a menu ingredient. */
import { Modal, Stack, Text } from '@mantine/core';
import type { MenuIngredient, Plat, Quantity } from '@popote/domain';
import { QuantityEditor } from '../../../components/QuantityEditor';
import { AGENDA } from '../../../strings';

export interface EditedIngredient {
  name: string;
  item: MenuIngredient;
  /** A favourite menu's items are read-only in the agenda. */
  readOnly: boolean;
}

export interface IngredientDialogProps {
  edited: EditedIngredient | null;
  onClose: () => void;
  onSave: (quantity: Quantity, plat: Plat) => void;
}

export function IngredientDialog({ edited, onClose, onSave }: IngredientDialogProps) {
  return (
    <Modal opened={edited !== null} onClose={onClose} title={AGENDA.editIngredientTitle} size={700}>
      {edited && (
        <Stack gap="sm">
          <Text fw={600}>{edited.name}</Text>
          <Text size="xs" c="dimmed">
            {AGENDA.forPeopleExplained}
          </Text>
          <QuantityEditor
            key={`${edited.item.ingredientId}`}
            value={edited.item.quantity}
            plat={edited.item.plat}
            readOnly={edited.readOnly}
            forPeopleLabel={AGENDA.forPeopleHint}
            onCancel={onClose}
            onSave={(quantity, plat) => onSave(quantity, plat ?? edited.item.plat)}
          />
        </Stack>
      )}
    </Modal>
  );
}
