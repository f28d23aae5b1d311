import type { ProfileDetail } from '@pantalla/contracts';

/** How each avatar id is drawn: the server only knows the ids. */
const GLYPHS: Record<ProfileDetail['avatar'], string> = {
  sol: '☀️',
  luna: '🌙',
  estrella: '⭐',
  zorro: '🦊',
  gato: '🐱',
  perro: '🐶',
  buho: '🦉',
  cohete: '🚀',
};

export function ProfileAvatar({ avatar, size = 'medium' }: { avatar: string; size?: 'small' | 'medium' | 'large' }) {
  const glyph = GLYPHS[avatar as ProfileDetail['avatar']] ?? GLYPHS.sol;
  return (
    <span className={`profile-avatar profile-avatar--${size} profile-avatar--${avatar}`} aria-hidden="true">
      {glyph}
    </span>
  );
}
