/**
 * My files: drag-and-drop upload in 4 MB slices with a progress bar, then the list of my
 * uploads and saved files with their parsing status and progress (polled until settled), and
 * what I can do with each: ask, preview, publish with a price, re-parse, delete.
 */
import { InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  Empty,
  Input,
  InputNumber,
  List,
  Modal,
  Popconfirm,
  Progress,
  Space,
  Upload,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { knowledge } from '../../locales/zh-CN/knowledge';
import { uploadInSlices } from '../../shared/api/sliced-upload';
import { useFeedback } from '../../shared/feedback/feedback';
import { createKbFile, deleteKbFile, updateKbFile } from './api';
import { detailUrl, FileItem } from './file-item';
import { kbKeys, useMyFiles } from './queries';

const PAGE_SIZE = 20;

interface Uploading {
  name: string;
  percent: number;
}

export function MyFiles() {
  const { message } = useFeedback();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [uploads, setUploads] = useState<Record<string, Uploading>>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [pricing, setPricing] = useState<{ id: number; price: number } | null>(null);
  const files = useMyFiles({ page, pageSize: PAGE_SIZE, keyword: keyword || undefined });
  const refresh = () => client.invalidateQueries({ queryKey: kbKeys.all });

  const upload = async (file: File) => {
    const key = `${file.name}:${Date.now()}`;
    const set = (percent: number) => setUploads((u) => ({ ...u, [key]: { name: file.name, percent } }));
    set(0);
    try {
      const uploaded = await uploadInSlices(file, { onProgress: set });
      const created = await createKbFile({ uploadId: uploaded.id });
      if (created.isDuplicate) message.info(knowledge.upload.duplicate(file.name));
      else message.success(knowledge.upload.done(file.name));
      setPage(1);
      await refresh();
    } catch (error) {
      message.error(knowledge.upload.failed(file.name, error instanceof Error ? error.message : ''));
    } finally {
      setUploads(({ [key]: _, ...rest }) => rest);
    }
  };

  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      message.success(done);
      await refresh();
    } catch (error) {
      message.error(error instanceof Error ? error.message : knowledge.loadFailed);
    }
  };

  return (
    <div className="jq-kb-mine" data-testid="kb-mine">
      <Upload.Dragger
        multiple
        showUploadList={false}
        customRequest={({ file }) => void upload(file as File)}
        className="jq-kb-dragger"
        data-testid="kb-upload"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{knowledge.upload.drag}</p>
        <p className="ant-upload-hint">{knowledge.upload.hint}</p>
        <p className="ant-upload-hint">
          {knowledge.agreement.uploadNote}
          <Link to="/knowledge/agreement" onClick={(e) => e.stopPropagation()}>
            {knowledge.agreement.link}
          </Link>
        </p>
      </Upload.Dragger>
      {Object.entries(uploads).map(([key, u]) => (
        <div key={key} className="jq-kb-uploading" data-testid="kb-uploading">
          <span>{knowledge.upload.uploading(u.name)}</span>
          <Progress percent={u.percent} size="small" />
        </div>
      ))}
      <div className="jq-kb-toolbar">
        <Input.Search
          allowClear
          placeholder={knowledge.searchMine}
          maxLength={100}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
          className="jq-kb-search"
        />
        <Button
          type="primary"
          disabled={!selected.length}
          onClick={() => navigate(`/knowledge/qa?ids=${selected.join(',')}`)}
          data-testid="kb-ask-selected"
        >
          {knowledge.actions.askSelected(selected.length)}
        </Button>
      </div>
      <List
        loading={files.isPending}
        dataSource={files.data?.list ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={knowledge.empty} /> }}
        pagination={
          (files.data?.total ?? 0) > PAGE_SIZE && {
            current: page,
            pageSize: PAGE_SIZE,
            total: files.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }
        }
        renderItem={(file) => (
          <List.Item>
            <FileItem
              file={file}
              selector={
                <Checkbox
                  disabled={file.status !== 'ready' && file.pageCount === 0}
                  checked={selected.includes(file.id)}
                  onChange={(e) =>
                    setSelected((s) =>
                      e.target.checked ? [...s, file.id] : s.filter((id) => id !== file.id),
                    )
                  }
                />
              }
              actions={
                <Space wrap size={4}>
                  <Button
                    size="small"
                    type="link"
                    disabled={file.pageCount === 0}
                    onClick={() => navigate(`/knowledge/qa?ids=${file.id}`)}
                  >
                    {knowledge.actions.ask}
                  </Button>
                  <Button size="small" type="link" onClick={() => navigate(detailUrl(file.id))}>
                    {knowledge.actions.preview}
                  </Button>
                  {!file.isSaved && (
                    <>
                      <Button
                        size="small"
                        type="link"
                        onClick={() =>
                          act(
                            () =>
                              updateKbFile({
                                id: file.id,
                                visibility: file.visibility === 'public' ? 'private' : 'public',
                              }),
                            knowledge.updated,
                          )
                        }
                      >
                        {file.visibility === 'public'
                          ? knowledge.actions.makePrivate
                          : knowledge.actions.makePublic}
                      </Button>
                      <Button
                        size="small"
                        type="link"
                        onClick={() => setPricing({ id: file.id, price: file.price })}
                      >
                        {knowledge.actions.setPrice}
                      </Button>
                      <Button
                        size="small"
                        type="link"
                        onClick={() =>
                          act(() => updateKbFile({ id: file.id, reindex: true }), knowledge.reindexing)
                        }
                      >
                        {knowledge.actions.reindex}
                      </Button>
                    </>
                  )}
                  <Popconfirm
                    title={knowledge.confirmDelete}
                    onConfirm={() => act(() => deleteKbFile(file.id), knowledge.deleted)}
                  >
                    <Button size="small" type="link" danger>
                      {knowledge.actions.delete}
                    </Button>
                  </Popconfirm>
                </Space>
              }
            />
          </List.Item>
        )}
      />
      <Modal
        open={pricing !== null}
        title={knowledge.priceTitle}
        onCancel={() => setPricing(null)}
        onOk={() => {
          if (!pricing) return;
          void act(() => updateKbFile({ id: pricing.id, price: pricing.price }), knowledge.updated).then(() =>
            setPricing(null),
          );
        }}
      >
        <p className="jq-kb-hint">{knowledge.priceHint}</p>
        <InputNumber
          min={0}
          max={10000}
          precision={0}
          value={pricing?.price ?? 0}
          addonAfter="算力"
          onChange={(v) => setPricing((p) => (p ? { ...p, price: Number(v ?? 0) } : p))}
        />
      </Modal>
    </div>
  );
}
