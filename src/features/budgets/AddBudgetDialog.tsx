import { Button, Form, Input } from 'antd';
import { useGuardedClose } from '../../components/closeWithoutSaving';
import { Dialog } from '../../components/Dialog';
import { useState } from 'react';
import { addDays, isValidDate, today } from '../../shared/dates';
import { budgetMessages } from '../../shared/budgetMessages';
import { useCreateBudgetMutation } from './budgetsApi';
import { useWriteAction } from '../../platform/messages/useWriteAction';

interface Values {
  start_date: string;
}

/**
 * "Add New Budget": one start date. It suggests the day after the newest budget ends, so months follow on (the
 * 1st of this month when there is none yet).
 * The dialog stays open when the server refuses, with the reason in the message bar.
 */
export function AddBudgetDialog({ newestEndDate }: { newestEndDate?: string }) {
  const [open, setOpen] = useState(false);
  const [suggested, setSuggested] = useState('');
  const [createBudget, { isLoading }] = useCreateBudgetMutation();
  const { run } = useWriteAction();
  const { close, markDirty } = useGuardedClose(() => setOpen(false), 'this budget');

  const show = () => {
    // A first budget starts on the 1st of this month, as a household's months usually do.
    setSuggested(newestEndDate ? addDays(newestEndDate, 1) : `${today().slice(0, 8)}01`);
    markDirty(false);
    setOpen(true);
  };

  const submit = async ({ start_date }: Values) => {
    const created = await run({
      success: budgetMessages.created,
      failure: budgetMessages.notCreated,
      write: () => createBudget({ start_date }).unwrap(),
    });
    if (created) setOpen(false);
  };

  return (
    <>
      <Button type="primary" onClick={show}>
        Add New Budget
      </Button>
      <Dialog
        title="Add New Budget"
        open={open}
        okText="Save"
        cancelText="Cancel"
        confirmLoading={isLoading}
        okButtonProps={{ htmlType: 'submit', form: 'add-budget-form' }}
        onCancel={close}
        destroyOnHidden
      >
        <Form id="add-budget-form" layout="vertical" initialValues={{ start_date: suggested }} onValuesChange={() => markDirty(true)} onFinish={submit}>
          <Form.Item
            label="Start Date"
            name="start_date"
            rules={[
              { required: true, message: 'Start Date is required' },
              { validator: async (_rule, value: string) => (!value || isValidDate(value) ? undefined : Promise.reject(new Error('Start Date is not a valid date'))) },
            ]}
          >
            <Input type="date" />
          </Form.Item>
        </Form>
      </Dialog>
    </>
  );
}
