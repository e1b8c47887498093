// The King trial's timed study (G1.6.2), as `mazeworks play` gives it in the terminal: the Runner
// sees the maze for `studySeconds`, then looks away while the Maker flips a card. When the Maker
// is quick (a computer flips at once) she has not had her look yet when asked to name the card:
// she then studies the layout she saw before the flip (`kingBefore` in her view) for the game's
// `kingStudySeconds`, and the current maze is shown only afterwards.
import type { BoardState } from "../types";
import type { MazeCard, PlayModel } from "./model";

export type StudyPhase =
  | { mode: "none" }
  | { mode: "study"; key: string; secondsLeft: number; model: PlayModel }
  | { mode: "away"; key: string };

interface StudyRecord {
  until: number;
  /** Studying the layout before the flip (the Maker had flipped before she looked). */
  fromBefore: boolean;
}

export class StudyClock {
  private records = new Map<string, StudyRecord>();
  private finished = new Set<string>();

  /** Ends the study of `key` now (the Runner says she is ready). */
  finish(key: string): void {
    this.finished.add(key);
  }

  phase(model: PlayModel, state: BoardState, now: number): StudyPhase {
    // A replay or a spectator's page shows the maze as it is: nobody is being tested.
    if (model.role !== "runner" || !state.interactive) return { mode: "none" };
    const king = model.pending.find((p) => p.effect === "trial" && p.trial === "king");
    if (!king) return { mode: "none" };
    const key = `king@${king.cell}`;
    const v = model.view;
    if (model.decision === "king-flip" && Number(v.studySeconds) > 0) {
      const record = this.start(key, Number(v.studySeconds), false, now);
      const over = now >= record.until || this.finished.has(key);
      return over ? { mode: "away", key }
        : { mode: "study", key, secondsLeft: Math.ceil((record.until - now) / 1000), model };
    }
    const seconds = Number(state.options?.kingStudySeconds ?? 30);
    if (model.decision === "king-name" && Array.isArray(v.kingBefore) && seconds > 0) {
      const record = this.start(key, seconds, true, now);
      if (record.fromBefore && now < record.until && !this.finished.has(key)) {
        return { mode: "study", key, secondsLeft: Math.ceil((record.until - now) / 1000),
          model: beforeFlip(model, v.kingBefore) };
      }
    }
    return { mode: "none" };
  }

  private start(key: string, seconds: number, fromBefore: boolean, now: number): StudyRecord {
    let record = this.records.get(key);
    if (!record) this.records.set(key, (record = { until: now + seconds * 1000, fromBefore }));
    return record;
  }
}

/** The maze as it lay before the Maker's flip: the face-up cards she studied, the rest backs. */
function beforeFlip(model: PlayModel, before: Array<{ cell: string; card: string }>): PlayModel {
  const seen = new Map(before.map((c) => [c.cell, c.card]));
  const cards: MazeCard[] = model.cards.map((c) => {
    const card = seen.get(c.cell);
    return card ? { ...c, card, up: true } : { cell: c.cell, x: c.x, y: c.y, up: false };
  });
  return { ...model, cards };
}
