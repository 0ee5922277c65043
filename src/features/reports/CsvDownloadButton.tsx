import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { Button } from 'antd';
import { apiErrorText } from '../../platform/apiErrors';
import { useAppDispatch } from '../../platform/hooks';
import { errorShown } from '../../platform/messages/messagesSlice';
import { type ReportRequest, useDownloadReportCsvMutation } from './reportsApi';

/** Hands a downloaded file to the browser as if it came from a link. */
function saveFile(text: string, fileName: string) {
  // The server's byte-order mark (so spreadsheets read UTF-8) is dropped when the response is read as text.
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** "Download CSV" of the table on screen: fetched with the session's headers, then saved. */
export function CsvDownloadButton({ request }: { request: ReportRequest }) {
  const dispatch = useAppDispatch();
  const [download, { isLoading }] = useDownloadReportCsvMutation();
  const run = async () => {
    try {
      const file = await download(request).unwrap();
      saveFile(file.text, file.fileName);
    } catch (failure) {
      dispatch(errorShown(`Report not downloaded. ${apiErrorText(failure)}`));
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={isLoading} onClick={run}>
      Download CSV
    </Button>
  );
}
