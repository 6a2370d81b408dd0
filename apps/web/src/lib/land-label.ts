/** A land's display name: its own name when it has one, else 'Land #id' (docs/screens.md). */
export function landLabel(land: { landid: number; name?: string | null }): string {
  const name = land.name?.trim();
  return name ? name : `Land #${land.landid}`;
}
