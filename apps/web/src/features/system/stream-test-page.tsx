/**
 * Dev page for the stream reader: sends text to the server's dev endpoint, which streams
 * it back a few characters at a time. Shows the accumulated text, a 完成 marker at the end,
 * and a 停止 button that aborts. The browser tests drive it.
 */
import { Alert, Button, Card, Input, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { system } from '../../locales/zh-CN/system';
import { isAbortError } from '../../shared/api/client';
import { streamEvents } from '../../shared/api/stream';

type StreamStatus = 'idle' | 'running' | 'done' | 'stopped' | 'failed';

const STATUS_TAGS: Record<Exclude<StreamStatus, 'idle'>, { color: string; label: string }> = {
  running: { color: 'processing', label: system.streamRunning },
  done: { color: 'success', label: system.streamDone },
  stopped: { color: 'default', label: system.streamStopped },
  failed: { color: 'error', label: system.streamFailed },
};

export default function StreamTestPage() {
  const [text, setText] = useState<string>(system.streamTestDefault);
  const [output, setOutput] = useState('');
  const [status, setStatus] = useState<StreamStatus>('idle');
  const [error, setError] = useState('');
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const start = async () => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setOutput('');
    setError('');
    setStatus('running');
    try {
      for await (const event of streamEvents('/dev/stream', { text }, { signal: controller.signal })) {
        if (event.type === 'delta' && typeof event.content === 'string') {
          const piece = event.content;
          setOutput((previous) => previous + piece);
        }
        if (event.type === 'error') setError(typeof event.msg === 'string' ? event.msg : system.streamFailed);
        if (event.isend) setStatus(event.type === 'error' ? 'failed' : 'done');
      }
    } catch (caught) {
      if (isAbortError(caught)) return setStatus('stopped');
      setError(caught instanceof Error ? caught.message : system.streamFailed);
      setStatus('failed');
    } finally {
      if (controllerRef.current === controller) controllerRef.current = null;
    }
  };

  const stop = () => controllerRef.current?.abort();
  const tag = status === 'idle' ? undefined : STATUS_TAGS[status];

  return (
    <div className="jq-panel" data-testid="stream-test-page">
      <Typography.Title level={4}>{system.streamTestTitle}</Typography.Title>
      <Typography.Paragraph type="secondary">{system.streamTestDesc}</Typography.Paragraph>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Input.TextArea
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={system.streamTestPlaceholder}
          autoSize={{ minRows: 3, maxRows: 8 }}
          data-testid="stream-input"
        />
        <Space>
          <Button
            type="primary"
            onClick={() => void start()}
            disabled={status === 'running' || !text.trim()}
            data-testid="stream-start"
          >
            {system.streamStart}
          </Button>
          <Button danger onClick={stop} disabled={status !== 'running'} data-testid="stream-stop">
            {system.streamStop}
          </Button>
        </Space>
        {error && <Alert type="error" showIcon title={error} />}
        <Card
          size="small"
          title={system.streamOutput}
          extra={
            tag && (
              <Tag color={tag.color} data-testid="stream-status" data-status={status}>
                {tag.label}
              </Tag>
            )
          }
        >
          <div data-testid="stream-output" style={{ minHeight: 48, whiteSpace: 'pre-wrap', lineHeight: 1.8 }}>
            {output || <Typography.Text type="secondary">{system.streamIdle}</Typography.Text>}
          </div>
          {output && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {system.streamCharCount([...output].length)}
            </Typography.Text>
          )}
        </Card>
      </Space>
    </div>
  );
}
