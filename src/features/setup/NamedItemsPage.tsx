import { Button, Space, Table } from 'antd';
import { useState } from 'react';
import { PageTitle } from '../../components/PageTitle';
import { GuideChecklist } from '../guide';
import { NameDialog, type NamedItem } from './NameDialog';
import { useWriteAction } from '../../platform/messages/useWriteAction';

interface Props {
  heading: string;
  /** Singular, as in the messages: "Allocation Category", "Institution". */
  thing: string;
  items: NamedItem[] | undefined;
  loading: boolean;
  create: (name: string) => Promise<unknown>;
  update: (id: number, name: string) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
}

/** A setup list of named things: add, rename and delete (with confirmation), refusals explained. */
export function NamedItemsPage({ heading, thing, items, loading, create, update, remove }: Props) {
  const { run, refusalAlert } = useWriteAction({ refusalsOnPage: true });
  const [editing, setEditing] = useState<{ item?: NamedItem } | null>(null);

  const confirmDelete = (item: NamedItem) =>
    run({
      question: { title: `Delete ${thing}?`, content: `Are you sure you want to delete '${item.name}'?` },
      write: () => remove(item.id),
      success: `${thing} deleted.`,
      failure: `${thing} not deleted.`,
    });

  return (
    <section className="ec-setup-page" aria-label={heading}>
      <PageTitle title={heading} />
      <GuideChecklist />
      <Space className="ec-setup-page__actions">
        <Button type="primary" onClick={() => setEditing({})}>
          Add {thing}
        </Button>
      </Space>
      {refusalAlert}
      <Table<NamedItem>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={items}
        pagination={false}
        locale={{ emptyText: `No ${heading.toLowerCase()} yet. Use "Add ${thing}" to create the first one.` }}
        columns={[
          { title: 'Name', dataIndex: 'name' },
          {
            title: 'Actions',
            key: 'actions',
            width: 1,
            render: (_value, item) => (
              <Space size="small">
                <Button size="small" aria-label={`Edit ${item.name}`} onClick={() => setEditing({ item })}>
                  Edit
                </Button>
                <Button size="small" danger aria-label={`Delete ${item.name}`} onClick={() => void confirmDelete(item)}>
                  Delete
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <NameDialog
        thing={thing}
        open={editing !== null}
        item={editing?.item}
        save={(name) => (editing?.item ? update(editing.item.id, name) : create(name))}
        onDone={() => setEditing(null)}
      />
    </section>
  );
}
