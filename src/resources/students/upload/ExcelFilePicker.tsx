import { FilePicker } from '../../../ui/FilePicker';
import { EXCEL_ACCEPT } from './uploadForm';

interface ExcelFilePickerProps {
  id: string;
  file: File | null;
  error?: string;
  disabled?: boolean;
  onChange: (file: File) => void;
}

/** The file picker of the student upload: one Excel sheet. */
export function ExcelFilePicker(props: ExcelFilePickerProps) {
  return (
    <FilePicker
      {...props}
      accept={EXCEL_ACCEPT}
      label="Excel file"
      dropText="Drag the Excel sheet here, or"
      hint=".xlsx or .xls, at most 2 MB"
    />
  );
}
