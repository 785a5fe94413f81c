// The one error an import answers for bad input: it names the file, the row or path and the problem, and the
// command prints its message alone (no stack): integration.md#starting-empty-and-importing.

export class ImportError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'ImportError';
  }
}
