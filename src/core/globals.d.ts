// The few globals the pure core uses that both Node and browsers have. The core is typed with no DOM and no Node
// lib, so it cannot reach for document, IndexedDB or the file system by accident (architecture.md#runtimes-and-module-boundaries).

interface URLSearchParams {
  set(name: string, value: string): void;
  toString(): string;
}
declare const URLSearchParams: { prototype: URLSearchParams; new (): URLSearchParams };
