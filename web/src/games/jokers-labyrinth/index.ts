// Placeholder while the real board is built: the generic board (view text + move buttons).
import { genericUI } from "../generic";

export const jokersLabyrinthUI = genericUI("jokers-labyrinth");
