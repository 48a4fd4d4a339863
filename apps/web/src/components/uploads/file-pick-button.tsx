import Button from '@mui/material/Button';

/** A full-width outlined button that opens the file picker; it shows the chosen file's name. */
export function FilePickButton({
  file,
  label,
  accept,
  testId,
  onPick,
}: {
  file: File | null;
  label: string;
  accept: string;
  testId: string;
  onPick: (file: File | null) => void;
}) {
  return (
    <Button component="label" variant="outlined" fullWidth sx={{ height: 56 }}>
      {file ? file.name : label}
      <input
        hidden
        type="file"
        accept={accept}
        data-testid={testId}
        onChange={(e) => onPick(e.target.files?.[0] ?? null)}
      />
    </Button>
  );
}
