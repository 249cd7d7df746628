/**
 * Collections: my own (create, edit, delete, ask over one) and the public ones. A collection
 * lists the files the reader may read; editing picks from my files.
 */

import type { KbCollection } from '@jq/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, List, Modal, Popconfirm, Radio, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { knowledge } from '../../locales/zh-CN/knowledge';
import { useFeedback } from '../../shared/feedback/feedback';
import { isSignedIn } from '../../shared/stores/user-store';
import { deleteCollection, getCollectionDetail, saveCollection } from './api';
import { kbKeys, useCollections, useMyFiles } from './queries';

interface Editing {
  id?: number;
  collectionName: string;
  summary: string;
  visibility: 'private' | 'public';
  fileIds: number[];
}

function CollectionCard({ collection, onEdit }: { collection: KbCollection; onEdit?: () => void }) {
  const navigate = useNavigate();
  const { message } = useFeedback();
  const client = useQueryClient();
  return (
    <Card
      size="small"
      title={collection.name}
      data-testid="kb-collection"
      extra={<Tag>{knowledge.collections.count(collection.fileCount)}</Tag>}
      actions={[
        <Button
          key="ask"
          type="link"
          size="small"
          onClick={() => navigate(`/knowledge/qa?collection=${collection.id}`)}
        >
          {knowledge.collections.ask}
        </Button>,
        ...(collection.isMine
          ? [
              <Button key="edit" type="link" size="small" onClick={onEdit}>
                {knowledge.actions.edit}
              </Button>,
              <Popconfirm
                key="delete"
                title={knowledge.collections.confirmDelete}
                onConfirm={async () => {
                  await deleteCollection(collection.id);
                  message.success(knowledge.deleted);
                  await client.invalidateQueries({ queryKey: kbKeys.all });
                }}
              >
                <Button type="link" size="small" danger>
                  {knowledge.actions.delete}
                </Button>
              </Popconfirm>,
            ]
          : []),
      ]}
    >
      <div className="jq-kb-file-desc">{collection.description || '—'}</div>
      <div className="jq-kb-file-meta">
        <span>{knowledge.owner(collection.ownerName)}</span>
        <Tag color={collection.visibility === 'public' ? 'green' : 'default'}>
          {collection.visibility === 'public' ? knowledge.public : knowledge.private}
        </Tag>
      </div>
    </Card>
  );
}

export function CollectionsView() {
  const signedIn = isSignedIn();
  const { message } = useFeedback();
  const client = useQueryClient();
  const mine = useCollections({ page: 1, pageSize: 50, mine: true }, signedIn);
  const open = useCollections({ page: 1, pageSize: 50 });
  const myFiles = useMyFiles({ page: 1, pageSize: 100 });
  const [editing, setEditing] = useState<Editing | null>(null);

  const edit = async (collection?: KbCollection) => {
    if (!collection) {
      setEditing({ collectionName: '', summary: '', visibility: 'private', fileIds: [] });
      return;
    }
    const detail = await getCollectionDetail(collection.id);
    setEditing({
      id: collection.id,
      collectionName: collection.name,
      summary: collection.description,
      visibility: collection.visibility,
      fileIds: detail.files.map((f) => f.id),
    });
  };
  const submit = async () => {
    if (!editing) return;
    try {
      await saveCollection(editing);
      message.success(knowledge.updated);
      setEditing(null);
      await client.invalidateQueries({ queryKey: kbKeys.all });
    } catch (error) {
      message.error(error instanceof Error ? error.message : knowledge.loadFailed);
    }
  };
  const grid = { gutter: 12, xs: 1, sm: 1, md: 2, lg: 3, xl: 3, xxl: 4 };
  return (
    <div className="jq-kb-collections" data-testid="kb-collections">
      {signedIn && (
        <section>
          <div className="jq-kb-section-title">
            <Space>
              {knowledge.collections.mine}
              <Button
                size="small"
                type="primary"
                onClick={() => void edit()}
                data-testid="kb-collection-create"
              >
                {knowledge.collections.create}
              </Button>
            </Space>
          </div>
          <List
            grid={grid}
            dataSource={mine.data?.list ?? []}
            locale={{
              emptyText: (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={knowledge.collections.empty} />
              ),
            }}
            renderItem={(c) => (
              <List.Item>
                <CollectionCard collection={c} onEdit={() => void edit(c)} />
              </List.Item>
            )}
          />
        </section>
      )}
      <section>
        <div className="jq-kb-section-title">{knowledge.collections.public}</div>
        <List
          grid={grid}
          dataSource={open.data?.list ?? []}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={knowledge.collections.empty} />
            ),
          }}
          renderItem={(c) => (
            <List.Item>
              <CollectionCard collection={c} />
            </List.Item>
          )}
        />
      </section>
      <Modal
        open={editing !== null}
        title={editing?.id ? knowledge.collections.edit : knowledge.collections.create}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
      >
        {editing && (
          <Form layout="vertical">
            <Form.Item label={knowledge.collections.name} required>
              <Input
                maxLength={100}
                value={editing.collectionName}
                onChange={(e) => setEditing({ ...editing, collectionName: e.target.value })}
              />
            </Form.Item>
            <Form.Item label={knowledge.collections.summary}>
              <Input.TextArea
                maxLength={2000}
                rows={3}
                value={editing.summary}
                onChange={(e) => setEditing({ ...editing, summary: e.target.value })}
              />
            </Form.Item>
            <Form.Item label={knowledge.collections.files}>
              <Select
                mode="multiple"
                value={editing.fileIds}
                onChange={(fileIds) => setEditing({ ...editing, fileIds })}
                options={(myFiles.data?.list ?? []).map((f) => ({ value: f.id, label: f.title }))}
                optionFilterProp="label"
              />
            </Form.Item>
            <Form.Item label={knowledge.collections.visibility}>
              <Radio.Group
                value={editing.visibility}
                onChange={(e) => setEditing({ ...editing, visibility: e.target.value })}
                options={[
                  { value: 'private', label: knowledge.private },
                  { value: 'public', label: knowledge.public },
                ]}
              />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </div>
  );
}
