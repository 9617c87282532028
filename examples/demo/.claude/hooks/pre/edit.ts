// Blocks edits to lock files; `hooks import --from claude-dir --to gjc` copies it to
// `.gjc/hooks/pre/edit.ts`, where GJC runs it.
type HookAPI = { on(event: string, handler: (event: any) => unknown): void };

export default (api: HookAPI) => {
  api.on("tool_call", (event) => {
    const path = String(event?.input?.path ?? "");
    if (/(^|\/)(Cargo|package-lock|yarn)\.lock$|pnpm-lock\.yaml$/.test(path)) {
      return { block: true, reason: `${path} is generated; change the manifest instead` };
    }
    return undefined;
  });
};
