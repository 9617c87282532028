//! A Cline hook file as Cline CLI 3.0.65 reads it: the event its name files it under
//! (`toHookConfigFileName`, `hook-file-config.ts:64`), the argv Cline runs it with
//! (`inferHookCommand`, `hook-file-hooks.ts:327`), and the order its hooks run in
//! (`listHookConfigFiles`: `localeCompare` of full paths).

use hook_ir::contract::limits::cline as lim;
use hook_ir::jcode_argv::quote_word;
use std::cmp::Ordering;

/// The event file names (`HookConfigFileName`), in Cline's order.
pub const EVENT_FILES: [&str; 10] = [
    "TaskStart",
    "TaskResume",
    "TaskCancel",
    "TaskComplete",
    "TaskError",
    "PreToolUse",
    "PostToolUse",
    "UserPromptSubmit",
    "PreCompact",
    "SessionShutdown",
];

/// Node's `path.extname`: the last `.` and what follows, unless the name starts with its only
/// dot (`.bashrc` has none) — lower-cased, as Cline compares it.
pub fn extname(name: &str) -> String {
    let trimmed = name.trim_start_matches('.');
    match trimmed.rfind('.') {
        Some(i) => trimmed[i..].to_ascii_lowercase(),
        None => String::new(),
    }
}

/// The stem Cline looks up: the name minus its extension, trimmed.
pub fn stem(name: &str) -> &str {
    let ext_len = extname(name).len();
    name[..name.len() - ext_len].trim()
}

/// The event a file of this name is a hook of (its canonical spelling), or `None`: Cline
/// skips every other file silently. Case-insensitive, after `trim()`, with one extension of
/// [`lim::EXTENSIONS`] (traces `cline_case_insensitive_name`, `cline_unsupported_extension`).
pub fn event_of(name: &str) -> Option<&'static str> {
    if !lim::EXTENSIONS.contains(&extname(name).as_str()) {
        return None;
    }
    let key = stem(name).to_lowercase();
    EVENT_FILES
        .into_iter()
        .find(|e| e.to_ascii_lowercase() == key)
}

/// The tokens of a `#!` first line, or `None` (`parseShebangCommand`).
pub fn shebang(text: &str) -> Option<Vec<String>> {
    let first = text.split('\n').next()?.trim_end_matches('\r').trim();
    let rest = first.strip_prefix("#!")?.trim();
    let tokens: Vec<String> = rest.split_whitespace().map(str::to_string).collect();
    (!tokens.is_empty()).then_some(tokens)
}

/// `normalizeHookInterpreter` on Linux and macOS: `env X…` is `X…`; a path to bash, sh or zsh is
/// the bare (lower-cased) name; `python3`/`python` likewise; anything else as written.
fn normalize(tokens: &[String]) -> Option<Vec<String>> {
    let (first, rest) = tokens.split_first()?;
    let name = first.replace('\\', "/").to_lowercase();
    let name = name.rsplit('/').next().unwrap_or(&name).to_string();
    if name == "env" {
        return normalize(rest);
    }
    if lim::BARE_SHELLS.contains(&name.as_str()) || name == "python3" || name == "python" {
        let mut v = vec![name];
        v.extend(rest.iter().cloned());
        return Some(v);
    }
    Some(tokens.to_vec())
}

/// The interpreter words Cline puts before the file: its shebang, else by its extension, else
/// the fallback (`bash`).
pub fn interpreter(name: &str, text: &str) -> Vec<String> {
    if let Some(tokens) = shebang(text) {
        return normalize(&tokens).unwrap_or(tokens);
    }
    let lowered = name.to_lowercase();
    lim::INTERPRETERS
        .iter()
        .find(|(ext, _)| lowered.ends_with(ext))
        .map(|(_, argv)| argv.iter().map(|s| s.to_string()).collect())
        .unwrap_or_else(|| vec![lim::FALLBACK_INTERPRETER.to_string()])
}

/// The hook's command as the IR keeps it: the argv Cline spawns (`<interpreter…> <path>`),
/// each word quoted for jcode's tokenizer so the runner splits it back exactly.
pub fn command(interpreter: &[String], path: &str) -> String {
    interpreter
        .iter()
        .map(String::as_str)
        .chain([path])
        .map(quote_word)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The bridge command a hook file runs, when the file is a `hooks bridge` entry as
/// `hooks bridge install --host cline-dir` writes it (a `#!/bin/sh` script whose one command is
/// `exec <hooks> bridge …`; comments and blank lines aside). Such a file is lowered to that
/// command (what `sh` replaces itself with), so that it is recognised as a bridge entry
/// ([`crate::bridge::is_bridge`]) and no bridge runs it as a source hook.
pub fn bridge_command(text: &str) -> Option<String> {
    if shebang(text)? != ["/bin/sh"] {
        return None;
    }
    let mut lines = text
        .lines()
        .skip(1)
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    let command = lines.next()?.strip_prefix("exec ")?.trim();
    (lines.next().is_none() && crate::bridge::parse(command).is_some()).then(|| command.to_string())
}

/// The order Cline runs one event's files in: JavaScript's `localeCompare` of their full paths
/// (ICU root collation), approximated: punctuation before digits before letters, letters
/// compared without case first, then lower case before upper case (`~/.cline/hooks/…` sorts
/// before `~/Documents/…`, trace `cline_order_by_path_not_layer`).
pub fn locale_cmp(a: &str, b: &str) -> Ordering {
    fn class(c: char) -> u8 {
        if c.is_alphabetic() {
            2
        } else if c.is_numeric() {
            1
        } else {
            0
        }
    }
    let primary = |s: &str| -> Vec<(u8, String)> {
        s.chars()
            .map(|c| (class(c), c.to_lowercase().collect::<String>()))
            .collect()
    };
    primary(a).cmp(&primary(b)).then_with(|| {
        // Tertiary: lower case first, position by position.
        let flip =
            |s: &str| -> Vec<(bool, char)> { s.chars().map(|c| (c.is_uppercase(), c)).collect() };
        flip(a).cmp(&flip(b))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_case_insensitive_with_one_known_extension() {
        assert_eq!(event_of("PreToolUse"), Some("PreToolUse"));
        assert_eq!(event_of("pretooluse"), Some("PreToolUse"));
        assert_eq!(event_of("POSTTOOLUSE.sh"), Some("PostToolUse"));
        assert_eq!(event_of("TaskStart.PY"), Some("TaskStart"));
        assert_eq!(event_of("PreToolUse.bash"), Some("PreToolUse"));
        assert_eq!(event_of(" PreToolUse .sh"), Some("PreToolUse"));
        for not in [
            "PreToolUse.txt",
            "PreToolUse.json",
            "PreToolUse.backup.sh",
            ".pretooluse",
            "PreToolUse.",
            "pre-tool-use.sh",
            "README.md",
        ] {
            assert_eq!(event_of(not), None, "{not}");
        }
    }

    #[test]
    fn interpreter_follows_shebang_then_extension_then_bash() {
        let v = |n: &str, t: &str| interpreter(n, t).join(" ");
        assert_eq!(v("PreToolUse", "echo"), "bash");
        assert_eq!(v("PreToolUse", "#!/bin/sh\necho"), "sh");
        assert_eq!(v("PreToolUse", "#!/usr/bin/env python3\n"), "python3");
        assert_eq!(
            v("PreToolUse", "#!/usr/bin/env -S node --x\n"),
            "-S node --x"
        );
        assert_eq!(
            v("PreToolUse", "#! /usr/local/bin/node --x\n"),
            "/usr/local/bin/node --x"
        );
        assert_eq!(v("PreToolUse.py", "print()"), "python3");
        assert_eq!(v("PreToolUse.ts", ""), "bun run");
        assert_eq!(v("PreToolUse.zsh", ""), "bash");
        assert_eq!(v("PreToolUse.PS1", ""), "pwsh -File");
        assert_eq!(v("PreToolUse.py", "#!/bin/bash\n"), "bash");
        assert_eq!(
            command(&["bash".into()], "/a b/PreToolUse"),
            "bash '/a b/PreToolUse'"
        );
    }

    #[test]
    fn a_bridge_script_is_its_bridge_command() {
        let t = "#!/bin/sh\n# Cline PreToolUse hook written by `hooks bridge install`.\nexec hooks bridge --host cline-dir --event PreToolUse\n";
        assert_eq!(
            bridge_command(t).as_deref(),
            Some("hooks bridge --host cline-dir --event PreToolUse")
        );
        for not in [
            "#!/bin/sh\nexec hooks bridge install --host cline-dir\n",
            "#!/bin/bash\nexec hooks bridge --host cline-dir --event PreToolUse\n",
            "#!/bin/sh\nexec hooks bridge --host cline-dir --event PreToolUse\necho more\n",
            "#!/bin/sh\necho hi\n",
            "exec hooks bridge --host cline-dir --event PreToolUse\n",
        ] {
            assert_eq!(bridge_command(not), None, "{not}");
        }
    }

    #[test]
    fn full_paths_sort_as_locale_compare_does() {
        assert_eq!(
            locale_cmp(
                "/h/.cline/hooks/PreToolUse",
                "/h/Documents/Cline/Hooks/PreToolUse"
            ),
            Ordering::Less
        );
        assert_eq!(
            locale_cmp("/p/pretooluse.py", "/p/PreToolUse.sh"),
            Ordering::Less
        );
        assert_eq!(
            locale_cmp("/p/PreToolUse", "/p/PreToolUse.sh"),
            Ordering::Less
        );
        assert_eq!(locale_cmp("/p/a", "/p/A"), Ordering::Less);
    }
}
