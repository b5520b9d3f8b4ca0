import { useState } from 'react';
import { useDataProvider, useListContext, useRefresh, useResourceContext } from 'react-admin';
import Button from '@mui/material/Button';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { showToast } from '../../../ui/toast/toastStore';
import { ConfirmDialog } from '../../../ui/dialogs/ConfirmDialog';

const plural = (n: number) => `${n} ${n === 1 ? 'question' : 'questions'}`;

/**
 * Deletes the selected questions one by one, so one that cannot go (used by a quiz, written by
 * someone else) does not stop the others, and says what happened to each kind.
 */
export function BulkDeleteQuestionsButton() {
  const { selectedIds, onUnselectItems } = useListContext();
  const resource = useResourceContext() ?? 'questions';
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);

  const run = async () => {
    const failures: string[] = [];
    let deleted = 0;
    for (const id of selectedIds) {
      try {
        await dataProvider.delete(resource, { id });
        deleted += 1;
      } catch (error) {
        failures.push((error as Error)?.message || 'It could not be deleted');
      }
    }
    onUnselectItems();
    refresh();
    if (deleted) showToast({ severity: 'success', summary: `${plural(deleted)} deleted` });
    if (failures.length) {
      const reasons = [...new Set(failures)];
      showToast({
        severity: 'error',
        summary: `${plural(failures.length)} not deleted`,
        detail: reasons.length === 1 ? reasons[0] : reasons.join(' '),
        sticky: true,
      });
    }
  };

  return (
    <>
      <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirming(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${plural(selectedIds.length)}?`}
        confirmLabel="Delete"
        danger
        onConfirm={run}
        onClose={() => setConfirming(false)}
      >
        They leave the bank for good. Questions used by a quiz, and questions other teachers wrote, stay.
      </ConfirmDialog>
    </>
  );
}
