// Plays a game's motions (games/motion.ts) on the freshly drawn board with the Web Animations API:
// the pieces are already where the move left them, and each animation brings one there from where
// it was, so a player sees what the computer did. Short, and none at all where the system asks
// for reduced motion.
import type { Motion, Offset } from "../games/motion";
import type { BoardState, GameUI } from "../games/types";

export const FLIP_MS = 280;
export const SLIDE_MS = 280;
/** One square of a walk; a long walk goes faster, so that it ends within WALK_MAX_MS. */
export const STEP_MS = 160;
export const WALK_MAX_MS = 1200;

/** The ids the animations carry (`Animation.id`), so a test can tell them apart. */
export const MOTION_IDS = { flip: "mw-flip", slide: "mw-slide", walk: "mw-walk" } as const;

export function prefersReducedMotion(win: Pick<Window, "matchMedia"> | undefined = globalThis.window): boolean {
  return win?.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/** The game's motions from `before` to `after`; none when the game has none or they fail. */
export function motionsOf(ui: GameUI | null, before: BoardState | null, after: BoardState | null): Motion[] {
  if (!ui?.motions || !before || !after) return [];
  try {
    return ui.motions(before, after);
  } catch (err) {
    console.error(`the ${after.game} move animation failed`, err);
    return [];
  }
}

/** How long a walk of `steps` squares takes. */
export function walkMs(steps: number): number {
  return Math.min(STEP_MS * steps, WALK_MAX_MS);
}

/** The element's own transform attribute (an SVG element's place) as a CSS transform. */
function ownTransform(el: Element): string {
  const list = (el as SVGGraphicsElement).transform?.baseVal;
  const m = list && list.numberOfItems > 0 ? list.consolidate()?.matrix : null;
  return m ? `matrix(${m.a}, ${m.b}, ${m.c}, ${m.d}, ${m.e}, ${m.f})` : "";
}

const shift = ([x, y]: Offset, own: string) => `translate(${x}px, ${y}px) ${own}`.trim();

function flip(el: Element): Animation {
  const own = ownTransform(el);
  const options = { id: MOTION_IDS.flip, duration: FLIP_MS, easing: "ease-out" };
  if (!(el instanceof SVGGraphicsElement)) {
    return el.animate([{ transform: "scaleX(0)" }, { transform: "scaleX(1)" }], { ...options });
  }
  // Turned about the card's own centre (its drawing's box, before its own transform).
  const box = el.getBBox();
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  const turn = (scale: number) =>
    `${own} translate(${cx}px, ${cy}px) scaleX(${scale}) translate(${-cx}px, ${-cy}px)`.trim();
  return el.animate([{ transform: turn(0) }, { transform: turn(1) }], options);
}

function play(el: Element, motion: Motion): Animation {
  if (motion.kind === "flip") return flip(el);
  const own = ownTransform(el);
  if (motion.kind === "slide") {
    return el.animate([{ transform: shift(motion.from, own) }, { transform: shift([0, 0], own) }],
      { id: MOTION_IDS.slide, duration: SLIDE_MS, easing: "ease-in-out" });
  }
  const frames = [...motion.path, [0, 0] as Offset].map((at) => ({ transform: shift(at, own) }));
  return el.animate(frames, { id: MOTION_IDS.walk, duration: walkMs(motion.path.length), easing: "linear" });
}

/** Starts the motions on the board in `host`; returns the animations started. */
export function playMotions(host: Element, motions: Motion[]): Animation[] {
  if (motions.length === 0 || prefersReducedMotion()) return [];
  const started: Animation[] = [];
  for (const motion of motions) {
    const el = host.querySelector(motion.target);
    if (el && typeof el.animate === "function") started.push(play(el, motion));
  }
  return started;
}
