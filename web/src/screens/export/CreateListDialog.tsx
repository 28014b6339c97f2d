/**
 * 'Créer une liste de courses': the ticked days' ingredients, less the larder, as a list to tick
 * in the shop (per supplier when the stay has a profile). Fresh products may be listed day by
 * day, to buy the day before their meals, and the rest once.
 */
import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { isDomainError, stayDaysLabel, type Stay } from '@popote/domain';
import { notifyError, notifySuccess } from '../../feedback/feedback';
import { COMMON, SHOPPING } from '../../strings';
import { useLocalRead } from '../../sync/useLocal';
import { useMutate } from '../../sync/useMutate';
import { shopListPath } from '../../navigation/shopping-links';
import { planListFor } from '../../data/larder';

export function CreateListDialog({
  stay,
  days,
  onClose,
}: {
  stay: Stay;
  days: readonly number[];
  onClose: () => void;
}) {
  const read = useLocalRead();
  const mutate = useMutate();
  const navigate = useNavigate();
  const [name, setName] = useState(SHOPPING.defaultName(stayDaysLabel(stay.start, days)));
  const [freshPerDay, setFreshPerDay] = useState(true);
  const [busy, setBusy] = useState(false);

  async function create() {
    setBusy(true);
    try {
      const items = await read((store) => planListFor(store, stay, days, freshPerDay));
      const done = await mutate('createShopList', (ids) => ({
        id: ids.next(),
        stayId: stay.id,
        name,
        now: new Date().toISOString(),
        items,
      }));
      if (done === null) return;
      notifySuccess(SHOPPING.created);
      onClose();
      void navigate(shopListPath(done.id));
    } catch (e) {
      if (!isDomainError(e)) throw e;
      notifyError({ title: SHOPPING.createTitle, html: e.message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={SHOPPING.createTitle} size={520}>
      <Stack>
        <TextInput
          label={SHOPPING.name}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-autofocus
        />
        <Checkbox
          label={SHOPPING.freshPerDay}
          description={SHOPPING.freshPerDayHint}
          checked={freshPerDay}
          onChange={(e) => setFreshPerDay(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {COMMON.cancel}
          </Button>
          <Button loading={busy} disabled={name.trim() === ''} onClick={() => void create()}>
            {SHOPPING.create}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
