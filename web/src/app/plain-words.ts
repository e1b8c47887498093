// What players read carries no rule-book references: the ruling ids (A-G3-1) and section numbers
// (G2.2 step 1) that the engine's texts cite belong in the docs. A parenthesis holding only such
// references goes; one holding more keeps the rest ("(A-G4-6; default: it stays)" → "(default: it
// stays)").
const REFERENCE = /A-G\d+-\d+|\bG\d+(?:\.\d+)*(?:\s+step\s+\d+|\s+[A-Z]\b)?/g;

export function plainWords(text: string): string {
  return text.replace(/\s*\(([^()]*)\)/g, (whole, inner: string) => {
    if (!inner.match(REFERENCE)) return whole;
    const rest = inner.replace(REFERENCE, "").replace(/^[\s;:,]+|[\s;:,]+$/g, "")
      .replace(/\s*[;,]\s*(?:[;,]\s*)+/g, "; ");
    return rest ? ` (${rest})` : "";
  });
}
