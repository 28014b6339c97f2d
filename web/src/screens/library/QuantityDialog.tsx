/** Editing one quantity of a menu or a recipe in a dialog, with the shared QuantityEditor. */
import { Modal } from '@mantine/core';
import type { Plat, Quantity } from '@popote/domain';
import { QuantityEditor } from '../../components/QuantityEditor';
import { LIBRARY } from '../../strings';

export interface QuantityTarget {
  name: string;
  quantity: Quantity;
  /** Present for a menu ingredient, whose course is edited too. */
  plat?: Plat;
}

export function QuantityDialog({
  target,
  onClose,
  onSave,
}: {
  target: QuantityTarget | null;
  onClose: () => void;
  onSave: (quantity: Quantity, plat: Plat | undefined) => void;
}) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target ? `${LIBRARY.editIngredientTitle} : ${target.name}` : ''}
      size={600}
    >
      {target && (
        <QuantityEditor
          // A fresh editor per item: it keeps the values being typed in its own state.
          key={target.name}
          value={target.quantity}
          plat={target.plat}
          onCancel={onClose}
          onSave={(quantity, plat) => {
            onSave(quantity, plat);
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
