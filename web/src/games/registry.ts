// Every game's user interface, by game id. The app looks a game up here and knows nothing else of it.
import type { GameUI } from "./types";
import { treasureHuntUI } from "./treasure-hunt";
import { pathfinderBarriersUI } from "./pathfinder-barriers";
import { pathfinderCardsUI } from "./pathfinder-cards";
import { mazemakersUI } from "./mazemakers";
import { jokersLabyrinthUI } from "./jokers-labyrinth";

const uis: GameUI[] = [
  treasureHuntUI,
  pathfinderBarriersUI,
  pathfinderCardsUI,
  mazemakersUI,
  jokersLabyrinthUI,
];

export function gameUI(id: string): GameUI | undefined {
  return uis.find((ui) => ui.id === id);
}

export function allGameUIs(): readonly GameUI[] {
  return uis;
}
