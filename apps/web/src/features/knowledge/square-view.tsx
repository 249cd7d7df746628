/**
 * The public square: this week's hot files, then every public file, newest or hottest first,
 * searchable and filtered by kind. Anyone may preview and ask over the platform's files;
 * signed-in users save (or unlock) others' files into their own base.
 */
import { FireOutlined } from '@ant-design/icons';
import { KB_KIND_LABELS, KB_KINDS, type KbFile, type KbKind } from '@jq/contract';
import { Button, Empty, Input, List, Segmented, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { knowledge } from '../../locales/zh-CN/knowledge';
import { detailUrl, FileItem } from './file-item';
import { useHotList, useSquare } from './queries';
import { useSaveFile } from './use-save-file';

const PAGE_SIZE = 12;

function SquareActions({ file }: { file: KbFile }) {
  const navigate = useNavigate();
  const save = useSaveFile();
  const canSave = !file.isMine && file.access === 'preview';
  return (
    <Space wrap size={4}>
      <Button size="small" type="link" onClick={() => navigate(`/knowledge/qa?ids=${file.id}`)}>
        {knowledge.actions.ask}
      </Button>
      <Button size="small" type="link" onClick={() => navigate(detailUrl(file.id))}>
        {knowledge.actions.preview}
      </Button>
      {canSave && (
        <Button size="small" type="link" onClick={() => void save(file.id)} data-testid="kb-save">
          {file.price > 0 ? knowledge.actions.unlockSave(file.price) : knowledge.actions.save}
        </Button>
      )}
    </Space>
  );
}

export function SquareView() {
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [kind, setKind] = useState<KbKind | 'all'>('all');
  const [sort, setSort] = useState<'new' | 'hot'>('new');
  const square = useSquare({
    page,
    pageSize: PAGE_SIZE,
    keyword: keyword || undefined,
    kind: kind === 'all' ? undefined : kind,
    sort,
  });
  const hot = useHotList();
  return (
    <div className="jq-kb-square" data-testid="kb-square">
      {(hot.data?.list.length ?? 0) > 0 && (
        <section className="jq-kb-hot">
          <div className="jq-kb-section-title">
            <FireOutlined style={{ color: '#fa541c' }} /> {knowledge.hotTitle}
          </div>
          <ol className="jq-kb-hot-list">
            {hot.data!.list.map((file) => (
              <li key={file.id}>
                <Link to={detailUrl(file.id)}>{file.title}</Link>
                <Tag color="volcano">{knowledge.hotScore(file.score)}</Tag>
              </li>
            ))}
          </ol>
        </section>
      )}
      <div className="jq-kb-toolbar">
        <Input.Search
          allowClear
          placeholder={knowledge.searchSquare}
          maxLength={100}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
          className="jq-kb-search"
        />
        <Select<KbKind | 'all'>
          value={kind}
          onChange={(v) => {
            setKind(v);
            setPage(1);
          }}
          style={{ width: 120 }}
          options={[
            { value: 'all', label: knowledge.allKinds },
            ...KB_KINDS.map((k) => ({ value: k, label: KB_KIND_LABELS[k] })),
          ]}
        />
        <Segmented<'new' | 'hot'>
          value={sort}
          onChange={(v) => {
            setSort(v);
            setPage(1);
          }}
          options={[
            { value: 'new', label: knowledge.sortNew },
            { value: 'hot', label: knowledge.sortHot },
          ]}
        />
      </div>
      <List
        loading={square.isPending}
        dataSource={square.data?.list ?? []}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={knowledge.squareEmpty} />,
        }}
        pagination={
          (square.data?.total ?? 0) > PAGE_SIZE && {
            current: page,
            pageSize: PAGE_SIZE,
            total: square.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }
        }
        renderItem={(file) => (
          <List.Item>
            <FileItem file={file} actions={<SquareActions file={file} />} />
          </List.Item>
        )}
      />
    </div>
  );
}
