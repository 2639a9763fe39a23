// The types of reveal.js, for the type check alone (frontend/tsconfig.scripts.json): the
// reader it installs, and the state one read collects.

interface Window {
  __errandReveal?: {
    read(onlyNew: boolean, label: string): { url: string; title: string; html: string; fresh: number };
    facts(ids: string[]): Record<string, { collapsed?: boolean; leaves?: boolean; submits?: boolean }>;
  };
}

declare namespace Reveal {
  /** What one read collects: the visible text nodes, the copies that are new text. */
  interface ReadState {
    onlyNew: boolean;
    read: Text[];
    fresh: WeakSet<Node>;
    vis: Map<Element, boolean>;
    content: number;
  }
}
