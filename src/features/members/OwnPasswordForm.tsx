import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard';
import { MIN_PASSWORD_LENGTH } from '../../shared/schemas/auth';
import type { ChangePasswordBody } from '../../shared/schemas/members';
import { useWriteAction } from '../../platform/messages/useWriteAction';
import { showRefusalOnForm } from '../../components/formRules';
import { useChangeOwnPasswordMutation } from './membersApi';

const LABELS = { current_password: 'Current password', password: 'New password', password_confirmation: 'Confirm new password' };

/** "Your password": the signed-in person's own; their other devices are signed out when it changes. */
export function OwnPasswordForm() {
  const [form] = Form.useForm<ChangePasswordBody>();
  const [change, { isLoading }] = useChangeOwnPasswordMutation();
  const { run } = useWriteAction();
  const [problems, setProblems] = useState<string[]>([]);
  const [dirty, setDirty] = useState(false);

  const submit = async (values: ChangePasswordBody) => {
    const saved = await run({
      write: () => change(values).unwrap(),
      success: 'Password changed. Your other devices are signed out.',
      failure: 'Password not changed.',
      onRefused: (refusal) => setProblems(showRefusalOnForm(form, refusal, LABELS)),
    });
    if (saved) {
      form.resetFields();
      setDirty(false);
      setProblems([]);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      onValuesChange={(_changed, values) => setDirty(Object.values(values).some((value) => Boolean(value)))}
      className="ec-members__password"
      aria-label="Your password"
    >
      {problems.length > 0 && <Alert type="error" showIcon role="alert" title={problems.join(' ')} />}
      <Form.Item name="current_password" label={LABELS.current_password} rules={[{ required: true, message: "Current password can't be blank" }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="password"
        label={LABELS.password}
        rules={[{ min: MIN_PASSWORD_LENGTH, required: true, message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` }]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="password_confirmation"
        label={LABELS.password_confirmation}
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value) => {
              if (value !== getFieldValue('password')) throw new Error("Password confirmation doesn't match Password");
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        Change Password
      </Button>
      <UnsavedChangesGuard dirty={dirty} changesTo="your password" />
    </Form>
  );
}
