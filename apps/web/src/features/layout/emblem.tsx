import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

/** The game's emblem: a castle under an orange pennant (same drawing as the favicon). */
export function Emblem(props: SvgIconProps) {
  return (
    <SvgIcon viewBox="0 0 64 64" {...props}>
      <path d="M10 52V30l6-4 6 4v-8l5-4V10l5-4 5 4v8l5 4v8l6-4 6 4v22z" fill="#cfd8dc" />
      <path d="M28 52V41a4 4 0 0 1 8 0v11z" fill="#2b2b2b" />
      <path d="M32 6V2l7 2-7 2" fill="#ff9800" />
      <path d="M14 34h4v6h-4zM46 34h4v6h-4z" fill="#ff9800" />
    </SvgIcon>
  );
}
