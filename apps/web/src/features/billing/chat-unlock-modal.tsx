/**
 * Unlocking an assistant conversation whose free turns are used up (ChatPerCharge, spec
 * section 9: 1 yuan a use): with compute credits at once, or by a QR payment in the pay
 * modal. Either way the caller reads the conversation's quota again and the lock lifts.
 */
import { LIMITS, type RemainingChats } from '@jq/contract';
import { Button, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { billing } from '../../locales/zh-CN/billing';
import { ApiError } from '../../shared/api/client';
import { useFeedback } from '../../shared/feedback/feedback';
import { getChargeCode, unlockWithPower } from './api';
import { PayModal } from './pay-modal';
import { PowerHelp } from './power-help';

export interface ChatUnlockModalProps {
  isOpen: boolean;
  quota: RemainingChats;
  /** The conversation to unlock; created first when the page has none yet. */
  ensureChat(): Promise<string>;
  onUnlocked(): void;
  onClose(): void;
}

const yuan = (fen: number) => (fen / 100).toFixed(fen % 100 === 0 ? 0 : 2);

export function ChatUnlockModal({ isOpen, quota, ensureChat, onUnlocked, onClose }: ChatUnlockModalProps) {
  const { message } = useFeedback();
  const [isBusy, setBusy] = useState(false);
  const [payFor, setPayFor] = useState<string | null>(null);

  const withPower = async () => {
    setBusy(true);
    try {
      const chatuuid = await ensureChat();
      await unlockWithPower({ action: 'ChatPerCharge', ConversationId: chatuuid });
      void message.success(billing.chatUnlocked);
      onUnlocked();
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) void message.error(billing.chatUnlockFailed);
    } finally {
      setBusy(false);
    }
  };

  const withPay = async () => {
    setBusy(true);
    try {
      setPayFor(await ensureChat());
    } catch {
      void message.error(billing.chatUnlockFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Modal
        open={isOpen && payFor === null}
        title={billing.chatUnlockTitle}
        onCancel={onClose}
        footer={null}
        width={400}
        destroyOnHidden
      >
        <div data-testid="unlock-modal">
          <Typography.Paragraph>
            {billing.chatUnlockDesc(yuan(quota.price.fen), quota.price.power)}
            <PowerHelp />
          </Typography.Paragraph>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Button
              block
              type="primary"
              loading={isBusy}
              onClick={() => void withPower()}
              data-testid="unlock-power"
            >
              {billing.chatUnlockWithPower(quota.price.power)}
            </Button>
            <Button block loading={isBusy} onClick={() => void withPay()} data-testid="unlock-pay">
              {billing.chatUnlockWithPay(yuan(quota.price.fen))}
            </Button>
          </Space>
        </div>
      </Modal>
      <PayModal
        isOpen={payFor !== null}
        title={billing.chatUnlockTitle}
        createOrder={(clienttp) =>
          getChargeCode({
            action: 'ChatPerCharge',
            money: quota.price.fen,
            ConversationId: payFor!,
            clienttp,
          })
        }
        checkPath="/chat/CheckChargeOrder"
        intervalMs={LIMITS.chargePollIntervalMs}
        maxPolls={LIMITS.chargePollMax}
        successText={billing.paymentDone}
        failText={billing.chargeInfoFailed}
        onTimeoutMode="expire"
        onPaid={onUnlocked}
        onClose={() => {
          setPayFor(null);
          onClose();
        }}
      />
    </>
  );
}
