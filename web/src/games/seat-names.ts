// One name per seat: what the games call a seat in words. A game's shorthand "P2" is its notation
// (`first P2`, `hinder 7D P2`) and stays in its views; players read "Player 2", as the match
// header, the log and the terminal say. Other names (Green, North, Maker) are the game's own.

/** "P2" → "Player 2"; any other name stays. */
export function spelledSeat(name: string): string {
  const short = /^P(\d+)$/.exec(name);
  return short ? `Player ${short[1]}` : name;
}

/** The seat numbered `seat` (0-based) of a game whose seats have no names: "Player 1". */
export function playerName(seat: number): string {
  return `Player ${seat + 1}`;
}
