/**
 * 导出 Excel: gathers the top rows of the current tab and filters, writes the workbook in
 * the browser (exceljs, fetched on the first export) and saves it. The caller says how to
 * gather and how to lay out the sheet.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { matching } from '../../locales/zh-CN/matching';
import { useFeedback } from '../../shared/feedback/feedback';
import { EXPORT_MAX } from './export-rows';
import { downloadXlsx, type SheetSpec } from './workbook';

export interface ExportButtonProps {
  /** Builds the sheet (fetching what it needs); null when there is nothing to export. */
  build(): Promise<SheetSpec | null>;
  fileName: string;
  disabled?: boolean;
}

export function ExportButton({ build, fileName, disabled = false }: ExportButtonProps) {
  const { message } = useFeedback();
  const [isBusy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const sheet = await build();
      if (!sheet || sheet.rows.length === 0) {
        void message.info(matching.exportEmpty);
        return;
      }
      await downloadXlsx(sheet, fileName);
      void message.success(`${matching.exportDone}（${sheet.rows.length} 条）`);
    } catch {
      void message.error(matching.exportFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={matching.exportLimitNote(EXPORT_MAX)}>
      <Button
        icon={<DownloadOutlined />}
        loading={isBusy}
        disabled={disabled}
        onClick={() => void run()}
        data-testid="match-export"
      >
        {isBusy ? matching.exporting : matching.export}
      </Button>
    </Tooltip>
  );
}
