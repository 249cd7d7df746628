/**
 * Business-card step: choose an image, crop it to the card shape (3:2, saved as 300x200
 * JPEG at 0.8), upload and submit. Re-uploadable: choosing again replaces the image.
 */
import { CARD_MAX_BYTES, LIMITS, messages } from '@jq/contract';
import { Button, Flex, Slider, Space, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { verification as t } from '../../locales/zh-CN/verification';
import { ApiError } from '../../shared/api/client';
import { uploadAndSubmitCard } from './api';
import { cropToCard } from './crop-image';

export interface CardUploadProps {
  onSubmitted(cardurl: string): void;
  onError(message: string): void;
  onSuccess(message: string): void;
}

export function CardUpload({ onSubmitted, onError, onSuccess }: CardUploadProps) {
  const [source, setSource] = useState('');
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);

  const choose = (file: File) => {
    if (!file.type.startsWith('image/')) onError(t.uploadNotImage);
    else if (file.size > CARD_MAX_BYTES) onError(t.uploadTooLarge);
    else {
      setSource(URL.createObjectURL(file));
      setZoom(1);
      setCrop({ x: 0, y: 0 });
    }
    return false; // the upload is ours, after cropping
  };

  const submit = async () => {
    if (!area) return;
    setIsBusy(true);
    try {
      const image = await cropToCard(source, area);
      const cardurl = await uploadAndSubmitCard(image);
      onSuccess(messages.submittedForReview);
      onSubmitted(cardurl);
    } catch (error) {
      onError(error instanceof ApiError ? error.msg : messages.cardUploadFailed);
    } finally {
      setIsBusy(false);
    }
  };

  const picker = (label: string, type: 'primary' | 'default') => (
    <Upload
      accept="image/jpeg,image/png,image/webp"
      maxCount={1}
      showUploadList={false}
      beforeUpload={choose}
    >
      <Button type={type} disabled={isBusy} data-testid="card-pick">
        {label}
      </Button>
    </Upload>
  );

  if (!source) {
    return (
      <Flex vertical align="center" gap={12} style={{ padding: '24px 0' }} data-testid="card-upload">
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center', margin: 0 }}>
          {t.uploadDesc}
        </Typography.Paragraph>
        {picker(t.uploadPick, 'primary')}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t.uploadHint}
        </Typography.Text>
      </Flex>
    );
  }

  return (
    <Flex vertical gap={12} data-testid="card-crop">
      <Typography.Text strong>{t.cropTitle}</Typography.Text>
      <div
        style={{
          position: 'relative',
          height: 260,
          background: '#1f1f1f',
          borderRadius: 8,
          overflow: 'hidden',
        }}
      >
        <Cropper
          image={source}
          crop={crop}
          zoom={zoom}
          aspect={LIMITS.cropWidth / LIMITS.cropHeight}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
        />
      </div>
      <Flex align="center" gap={8}>
        <Typography.Text type="secondary">{t.cropZoom}</Typography.Text>
        <Slider style={{ flex: 1 }} min={1} max={3} step={0.05} value={zoom} onChange={setZoom} />
      </Flex>
      <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
        {picker(t.cropRepick, 'default')}
        <Button
          type="primary"
          loading={isBusy}
          disabled={!area}
          onClick={() => void submit()}
          data-testid="card-submit"
        >
          {isBusy ? t.uploading : t.cropConfirm}
        </Button>
      </Space>
    </Flex>
  );
}
