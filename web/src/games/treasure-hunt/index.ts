// Placeholder while the real board is built: the generic board (view text + move buttons).
import { genericUI } from "../generic";

export const treasureHuntUI = genericUI("treasure-hunt");
