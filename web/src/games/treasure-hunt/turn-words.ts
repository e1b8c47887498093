// Each player's last turn told in words beside the board ("Purple swapped 6♦ and 2♣, stepped onto
// 2♣ at c1 and was carried to a1, scoring 5♦"), from the replayed log (history.ts). Cells, not
// direction words: "left" in the notation is the figure's left, which is Purple's right.
import type { View } from "../types";
import { cardLabel } from "./cards";
import { cellName } from "./geometry";
import type { TurnTrace } from "./history";

export function describeTurn(trace: TurnTrace, view: View, seat: number | null): string {
  const who = trace.player === seat ? "You" : (view?.seats?.[trace.player] ?? `Seat ${trace.player}`);
  const swap = `${who} swapped ${cardLabel(trace.cards[0])} and ${cardLabel(trace.cards[1])}`;
  if (!trace.path) return `${swap}, and ${trace.player === seat ? "are" : "is"} about to step.`;
  const [, first, ...rest] = trace.path;
  const firstName = cellName(first);
  const stop = cellName(trace.path[trace.path.length - 1]);
  const stepped = `stepped to ${firstName}`;
  const carried = rest.length ? ` and ${trace.player === seat ? "were" : "was"} carried to ${stop}` : "";
  const scored = trace.scored ? `, scoring ${cardLabel(trace.scored)}` : "";
  return `${swap}, ${stepped}${carried}${scored}.`;
}
