import Box from '@mui/material/Box';
import type { FrameName } from '@aleph/contracts';

/** The frames' borders (docs/game-rules.md, Profile frames): silver at 5, legendary at 10. */
const BORDERS: Record<FrameName, string | undefined> = {
  none: undefined,
  silver: 'linear-gradient(135deg, #f5f7fa, #9aa5b1 45%, #e4e7eb 55%, #7b8794)',
  legendary: 'conic-gradient(from 45deg, #ffb300, #ff6f00, #d81b60, #8e24aa, #ffb300)',
};

interface FramedAvatarProps {
  name: string;
  frame: FrameName;
  size?: number;
}

/**
 * A player's initial in a circle, inside the frame they picked: the same look on the profile,
 * the boards, public profiles and the rating. Decorative: the name is always written beside it.
 */
export function FramedAvatar({ name, frame, size = 40 }: FramedAvatarProps) {
  const border = BORDERS[frame];
  const ring = border ? Math.max(3, Math.round(size / 10)) : 0;
  return (
    <span
      aria-hidden
      data-frame={frame}
      style={{
        display: 'inline-flex',
        flex: 'none',
        borderRadius: '50%',
        padding: ring,
        background: border,
        boxShadow: frame === 'legendary' ? '0 0 8px rgba(255, 143, 0, 0.7)' : undefined,
      }}
    >
      {/* The initial is drawn by CSS: decoration, kept out of the text of tables and names. */}
      <Box
        component="span"
        data-initial={(name || '?').slice(0, 1).toUpperCase()}
        sx={{
          width: size,
          height: size,
          borderRadius: '50%',
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'secondary.dark',
          color: 'common.white',
          fontSize: size / 2.2,
          '&::after': { content: 'attr(data-initial)' },
        }}
      />
    </span>
  );
}
