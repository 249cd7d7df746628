/**
 * Writing a message: text (Enter sends, Shift + Enter breaks the line, at most 2,000
 * characters), or an image or a file uploaded in slices through the uploads module first.
 */
import { FileAddOutlined, PictureOutlined, SendOutlined } from '@ant-design/icons';
import { IM_LIMITS } from '@jq/contract';
import { Button, Input, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { im } from '../../locales/zh-CN/im';
import { uploadInSlices } from '../../shared/api/sliced-upload';
import { useFeedback } from '../../shared/feedback/feedback';
import { useSendPlaceholder } from '../../shared/hooks/use-send-placeholder';
import { sendMessage } from './session';

export interface ComposerProps {
  conv: number;
  disabledReason: string | null;
  onTyping(): void;
}

export function Composer({ conv, disabledReason, onTyping }: ComposerProps) {
  const { message } = useFeedback();
  const [text, setText] = useState('');
  const placeholder = useSendPlaceholder(im.inputPlaceholder);
  const [progress, setProgress] = useState<number | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const isDisabled = disabledReason !== null;

  const submit = () => {
    const trimmed = text.trim();
    if (!trimmed || isDisabled) return;
    if ([...trimmed].length > IM_LIMITS.textMaxChars) {
      void message.warning(im.tooLong(IM_LIMITS.textMaxChars));
      return;
    }
    sendMessage(conv, { kind: 'text', text: trimmed });
    setText('');
  };

  const upload = async (file: File | undefined, kind: 'image' | 'file') => {
    if (!file) return;
    setProgress(0);
    try {
      const uploaded = await uploadInSlices(file, { purpose: 'im', onProgress: setProgress });
      sendMessage(conv, { kind, fileId: uploaded.id, fileName: file.name });
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="jq-im-composer" data-testid="im-composer">
      {disabledReason && <div className="jq-im-composer-note">{disabledReason}</div>}
      <div className="jq-im-composer-tools">
        <Tooltip title={im.sendImage}>
          <Button
            type="text"
            icon={<PictureOutlined />}
            aria-label={im.sendImage}
            disabled={isDisabled || progress !== null}
            onClick={() => imageInput.current?.click()}
          />
        </Tooltip>
        <Tooltip title={im.sendFile}>
          <Button
            type="text"
            icon={<FileAddOutlined />}
            aria-label={im.sendFile}
            disabled={isDisabled || progress !== null}
            onClick={() => fileInput.current?.click()}
          />
        </Tooltip>
        {progress !== null && <span className="jq-im-muted">{im.uploading(progress)}</span>}
        <input
          ref={imageInput}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          hidden
          data-testid="im-image-input"
          onChange={(e) => {
            void upload(e.target.files?.[0], 'image');
            e.target.value = '';
          }}
        />
        <input
          ref={fileInput}
          type="file"
          hidden
          data-testid="im-file-input"
          onChange={(e) => {
            void upload(e.target.files?.[0], 'file');
            e.target.value = '';
          }}
        />
      </div>
      <div className="jq-im-composer-row">
        <Input.TextArea
          value={text}
          disabled={isDisabled}
          placeholder={placeholder}
          autoSize={{ minRows: 1, maxRows: 5 }}
          maxLength={IM_LIMITS.textMaxChars}
          aria-label={im.inputPlaceholder}
          data-testid="im-input"
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value) onTyping();
          }}
          onPressEnter={(e) => {
            if (e.shiftKey || e.nativeEvent.isComposing) return;
            e.preventDefault();
            submit();
          }}
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          disabled={isDisabled || !text.trim()}
          onClick={submit}
          data-testid="im-send"
        >
          {im.send}
        </Button>
      </div>
    </div>
  );
}
