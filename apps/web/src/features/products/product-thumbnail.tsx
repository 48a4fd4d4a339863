import Avatar from '@mui/material/Avatar';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';

/** The product's thumbnail (320 px WebP from the server), or a picture placeholder. */
export function ProductThumbnail({ url, size = 44 }: { url: string | null; size?: number }) {
  return (
    <Avatar
      variant="rounded"
      src={url ?? undefined}
      alt=""
      slotProps={{ img: { loading: 'lazy' } }}
      sx={{ width: size, height: size, bgcolor: 'action.hover', color: 'text.secondary' }}
    >
      <ImageOutlinedIcon fontSize="small" />
    </Avatar>
  );
}
