// GJC native hook module: runs in-process before every `bash` tool call (the file name is the
// tool name; the `pre` folder makes it a `tool_call` handler).
// Blocks recursive forced deletes, which no agent should run unattended.

const RM_RF = /\brm\s+(-[a-zA-Z]*r[a-zA-Z]*f|-[a-zA-Z]*f[a-zA-Z]*r|--recursive\s+--force|--force\s+--recursive)\b/;

export default (api) => {
  api.on("tool_call", (event) => {
    const command = String(event?.input?.command ?? "");
    if (RM_RF.test(command)) {
      return { block: true, reason: `refusing to run \`${command}\`: rm -rf is not allowed here` };
    }
    return undefined;
  });
};
