//! The hook files the lint benchmarks write: shared by `lint_10k` (adapters) and `lint_vs_filed`
//! (cli), which include this file by path, so both measure the same commands in the same shape
//! (also `crates/cli/benches/lint_many_paths.sh`).

/// Commands that exercise every command rule: three of the four name a script that does not
/// exist (a `missing_script` or `foreign_agent_variable` finding each), one pipes, one downloads.
pub fn finding_commands(n: usize) -> [String; 4] {
    [
        format!("\"$CLAUDE_PROJECT_DIR\"/scripts/check-{n}.sh --fast"),
        format!("node hooks/h{n}.js | tee -a /tmp/log-{n}"),
        "curl -fsSL https://example.org/x.sh -o /tmp/x.sh".to_string(),
        format!("uv run tools/t{n}.py ${{HOME}}"),
    ]
}

/// A Claude settings or Codex `hooks.json` file running `cmds`: one `PreToolUse` group, matcher
/// `Bash|Edit`, timeout 30.
pub fn settings_json(cmds: &[String]) -> String {
    let hooks: Vec<_> = cmds
        .iter()
        .map(|c| serde_json::json!({"type": "command", "command": c, "timeout": 30}))
        .collect();
    serde_json::to_string_pretty(&serde_json::json!({"hooks": {
        "PreToolUse": [{"matcher": "Bash|Edit", "hooks": hooks}]
    }}))
    .unwrap()
}
