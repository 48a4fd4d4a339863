import Avatar from '@mui/material/Avatar';
import { avatarColor, avatarInitial } from '@cod/shared';

/** SPEC 2.1: the avatar image, else the upper-cased first letter on the name's palette colour. */
export function UserAvatar({ name, src, size = 38 }: { name: string; src: string | null; size?: number }) {
  if (src) return <Avatar src={src} alt={name} sx={{ width: size, height: size }} />;
  return (
    <Avatar
      aria-hidden
      data-testid="user-initial"
      sx={{ width: size, height: size, bgcolor: avatarColor(name), color: '#fff', fontWeight: 600 }}
    >
      {avatarInitial(name)}
    </Avatar>
  );
}
