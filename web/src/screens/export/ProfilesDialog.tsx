/**
 * 'Liste des fournisseurs' (spec 2.7): every supplier profile, to add, rename, delete, make the
 * stay's default (heart), or open its mapping. Only a profile's owner edits or deletes it.
 */
import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconHeart, IconHeartFilled, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { Id, Profile, Stay } from '@popote/domain';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { OwnerLock } from '../../components/OwnerLock';
import { notifySuccess } from '../../feedback/feedback';
import { COMMON, PROFILES, SUCCESS } from '../../strings';
import { FirstSyncLoader, useFirstSyncDone } from '../../sync/FirstSync';
import { useMutate, useMutateUndoable } from '../../sync/useMutate';
import { ProfileMapping } from './ProfileMapping';
import { ProfileNameDialog } from './ProfileNameDialog';
import { useProfiles } from './useExportData';

export interface ProfilesDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The stay whose default profile the heart sets. */
  stay: Stay;
  userId: Id;
  /** The user's role lets them set the stay's default profile (issue 32). */
  mayChooseDefault: boolean;
}

type Editing = { mode: 'new' } | { mode: 'rename'; profile: Profile } | null;

export function ProfilesDialog({
  opened,
  onClose,
  stay,
  userId,
  mayChooseDefault,
}: ProfilesDialogProps) {
  const profiles = useProfiles() ?? [];
  const mutate = useMutate();
  const mutateUndoable = useMutateUndoable();
  const firstSyncDone = useFirstSyncDone();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Profile | null>(null);
  const [mappingId, setMappingId] = useState<Id | null>(null);

  const create = async (name: string) => {
    const args = await mutate('createProfile', (ids) => ({ id: ids.next(), name }));
    if (args) setMappingId(args.id);
  };
  const rename = async (profile: Profile, name: string) => {
    if (name === profile.name) return;
    if (await mutate('renameProfile', { id: profile.id, name })) {
      notifySuccess(SUCCESS.profileUpdated);
    }
  };
  const remove = async (profile: Profile) => {
    await mutateUndoable('deleteProfile', { id: profile.id }, SUCCESS.profileDeleted);
  };
  const toggleDefault = async (profile: Profile) => {
    const profileId = stay.profileId === profile.id ? null : profile.id;
    if (await mutate('setStayProfile', { stayId: stay.id, profileId })) {
      notifySuccess(SUCCESS.defaultSuppliersUpdated);
    }
  };

  return (
    <>
      <Modal
        opened={opened && mappingId === null}
        onClose={onClose}
        title={PROFILES.title}
        size={700}
      >
        <Stack>
          {profiles.length === 0 &&
            (firstSyncDone ? (
              <Text fs="italic" c="dimmed">
                {PROFILES.empty}
              </Text>
            ) : (
              <FirstSyncLoader />
            ))}
          {profiles.map((profile) => {
            const mine = profile.owner === userId;
            const isDefault = stay.profileId === profile.id;
            return (
              <Group
                key={profile.id}
                justify="space-between"
                wrap="nowrap"
                data-testid="profile-row"
              >
                <Group gap="sm" wrap="nowrap">
                  <Tooltip
                    label={
                      isDefault
                        ? PROFILES.isDefault(profile.name)
                        : PROFILES.setDefault(profile.name)
                    }
                  >
                    <ActionIcon
                      variant="subtle"
                      color="pink"
                      aria-pressed={isDefault}
                      aria-label={PROFILES.setDefault(profile.name)}
                      disabled={!mayChooseDefault}
                      onClick={() => void toggleDefault(profile)}
                    >
                      {isDefault ? <IconHeartFilled size={20} /> : <IconHeart size={20} />}
                    </ActionIcon>
                  </Tooltip>
                  <UnstyledButton onClick={() => setMappingId(profile.id)}>
                    <Text fw={isDefault ? 700 : 500} td="underline">
                      {profile.name}
                    </Text>
                  </UnstyledButton>
                  {!mine && <OwnerLock ownerId={profile.owner} />}
                </Group>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={PROFILES.edit(profile.name)}
                    disabled={!mine}
                    onClick={() => setEditing({ mode: 'rename', profile })}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={PROFILES.remove(profile.name)}
                    disabled={!mine}
                    onClick={() => setDeleting(profile)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Group>
            );
          })}
          <Group justify="space-between">
            <Button
              leftSection={<IconPlus size={18} />}
              onClick={() => setEditing({ mode: 'new' })}
            >
              {PROFILES.add}
            </Button>
            <Button variant="default" onClick={onClose}>
              {COMMON.close}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {editing !== null && (
        <ProfileNameDialog
          title={editing.mode === 'new' ? PROFILES.newTitle : PROFILES.renameTitle}
          initialName={editing.mode === 'new' ? PROFILES.defaultName : editing.profile.name}
          onClose={() => setEditing(null)}
          onSave={(name) =>
            void (editing.mode === 'new' ? create(name) : rename(editing.profile, name))
          }
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
      >
        <Text>{deleting ? PROFILES.confirmDelete(deleting.name) : ''}</Text>
      </ConfirmDialog>
      {mappingId !== null && (
        <ProfileMapping profileId={mappingId} userId={userId} onClose={() => setMappingId(null)} />
      )}
    </>
  );
}
