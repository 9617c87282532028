//! What `hooks import` wrote into a target file, so that importing again *replaces* it.
//!
//! No agent lets a marker sit inside a hook entry: Codex's `hooks.json` and Jarvis/Kimi Code's
//! `[[hooks]]` reject unknown keys (one bad entry drops the whole section), and Codex's JSON
//! has no comments. So the record lives beside the target, in a file no agent reads:
//! `<dir>/.<name>.hooks-import` ([`record_path`]), e.g. `.codex/.hooks.json.hooks-import`.
//! It lists, for each hook entry the import wrote, the source file it came from and the
//! SHA-256 of the entry exactly as it is in the target ([`Entry::digest`]) — no command text,
//! so a record beside a personal file tells nothing about it.
//!
//! Importing again, an entry claimed by a source file this import read and no longer produced
//! by it is removed ([`remove`]) — if it is still in the target exactly as written. An entry
//! edited by hand has another digest: it is no longer ours and is never touched; an entry
//! nobody claims (written by hand) is never touched either.
//!
//! The entry shapes: JSON conventions (`claude-settings`, `codex-json`, `gemini-settings`) one
//! handler of `hooks.<Event>[group].hooks[]`, identified with its event and its group's other
//! keys (the matcher); Jarvis one `[[hooks]]` table; jcode one command of a `[hooks]` slot.

use hook_ir::Convention;
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};

/// What ends the name of a record file.
pub const RECORD_SUFFIX: &str = ".hooks-import";

/// One hook entry of a target file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Its event (jcode: its slot).
    pub event: String,
    /// Its command, as written (empty when it has none).
    pub command: String,
    /// The SHA-256 (hex) of the entry's canonical form: equal exactly when the agent reads the
    /// same thing (key order and layout aside).
    pub digest: String,
}

/// The conventions whose entries are recognised here (the command conventions import writes).
pub fn supports(convention: Convention) -> bool {
    !matches!(
        crate::registry::adapter(convention).recorded(),
        Recorded::Unsupported
    )
}

/// A convention's own removal: `text` without the entries `take` selects ([`remove`]).
pub type RemoveFn = fn(&str, &mut dyn FnMut(&Entry) -> bool) -> Option<Removal>;

/// How a convention's written entries are found again ([`crate::registry::Adapter::recorded`]).
#[derive(Debug, Clone, Copy)]
pub enum Recorded {
    /// Not a target of `hooks import`.
    Unsupported,
    /// A JSON file of `hooks` → event → groups → handlers (Claude, Codex, Gemini).
    Json,
    /// A TOML file, with the convention's own removal (it lists every entry too).
    Toml(RemoveFn),
    /// Another file shape, with the convention's own removal (Copilot CLI's flat JSON
    /// entries `hooks.<event>[]`).
    Own(RemoveFn),
}

/// The hook entries of a target file's text, in file order; `None` when the text does not
/// parse (a writer refuses such a file anyway).
pub fn entries(convention: Convention, text: &str) -> Option<Vec<Entry>> {
    match crate::registry::adapter(convention).recorded() {
        // A plain parse: the CST that removal edits is needed only to remove.
        Recorded::Json => json_entries(text),
        _ => remove(convention, text, &[]).map(|(_, all, _)| all),
    }
}

/// The entry of one JSON handler under `event`, in a group whose other keys are `head`.
fn json_entry(event: &str, head: &Value, handler: &Value) -> Entry {
    Entry {
        event: event.to_string(),
        command: handler
            .get("command")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string(),
        digest: digest(
            "json",
            &serde_json::json!({"event": event, "group": head, "handler": handler}),
        ),
    }
}

/// The group's keys other than `hooks` (its matcher): part of what each handler means.
fn group_head(group: &Value) -> Value {
    let mut head = group.clone();
    if let Some(o) = head.as_object_mut() {
        o.remove("hooks");
    }
    head
}

fn json_entries(text: &str) -> Option<Vec<Entry>> {
    let base = if text.trim().is_empty() { "{}" } else { text };
    let doc = jsonc_parser::parse_to_serde_value::<Value>(base, &Default::default()).ok()?;
    let mut out = Vec::new();
    let Some(events) = doc.get("hooks").and_then(Value::as_object) else {
        return Some(out);
    };
    for (event, groups) in events {
        for g in groups.as_array().into_iter().flatten() {
            if !g.is_object() {
                continue;
            }
            let Some(handlers) = g.get("hooks").and_then(Value::as_array) else {
                continue;
            };
            let head = group_head(g);
            for h in handlers {
                out.push(json_entry(event, &head, h));
            }
        }
    }
    Some(out)
}

/// `text` with one entry taken out for each digest of `digests` (the first one with it, in file
/// order; a digest given twice takes out two). Returns the new text, every entry of the old
/// text, and the entries taken out. Everything else — other keys, comments, formatting — is
/// kept. A group, an event or a jcode slot emptied by the removal is removed with it. `None`
/// when the text does not parse.
pub fn remove(
    convention: Convention,
    text: &str,
    digests: &[String],
) -> Option<(String, Vec<Entry>, Vec<Entry>)> {
    let mut wanted: HashMap<&str, usize> = HashMap::new();
    for d in digests {
        *wanted.entry(d.as_str()).or_default() += 1;
    }
    let mut take = |e: &Entry| match wanted.get_mut(e.digest.as_str()) {
        Some(n) if *n > 0 => {
            *n -= 1;
            true
        }
        _ => false,
    };
    match crate::registry::adapter(convention).recorded() {
        Recorded::Toml(remove) | Recorded::Own(remove) => remove(text, &mut take),
        Recorded::Json => remove_json(text, &mut take),
        Recorded::Unsupported => Some((text.to_string(), Vec::new(), Vec::new())),
    }
}

/// The digest of a canonical JSON value (keys sorted at every level).
pub(crate) fn digest(kind: &str, v: &Value) -> String {
    let mut h = Sha256::new();
    h.update(kind.as_bytes());
    h.update([0]);
    h.update(sorted(v).to_string().as_bytes());
    format!("{:x}", h.finalize())
}

/// `v` with the keys of every object in sorted order (also when serde_json keeps insertion
/// order), so that reordering keys by hand is not an edit.
fn sorted(v: &Value) -> Value {
    match v {
        Value::Object(o) => {
            let mut keys: Vec<&String> = o.keys().collect();
            keys.sort();
            let mut m = serde_json::Map::new();
            for k in keys {
                m.insert(k.clone(), sorted(&o[k]));
            }
            Value::Object(m)
        }
        Value::Array(a) => Value::Array(a.iter().map(sorted).collect()),
        other => other.clone(),
    }
}

/// The value of one JSON node's text (its comments dropped).
fn as_value(text: &str) -> Value {
    jsonc_parser::parse_to_serde_value::<Value>(text, &jsonc_parser::ParseOptions::default())
        .ok()
        .unwrap_or(Value::Null)
}

/// A removal's result: the new text, every entry of the old text, the entries taken out.
pub type Removal = (String, Vec<Entry>, Vec<Entry>);

fn remove_json(text: &str, take: &mut dyn FnMut(&Entry) -> bool) -> Option<Removal> {
    use jsonc_parser::cst::CstRootNode;
    let base = if text.trim().is_empty() { "{}" } else { text };
    let root = CstRootNode::parse(base, &jsonc_parser::ParseOptions::default()).ok()?;
    let (mut all, mut gone) = (Vec::new(), Vec::new());
    let Some(events) = root.object_value().and_then(|o| o.object_value("hooks")) else {
        return Some((text.to_string(), all, gone));
    };
    for prop in events.properties() {
        let Some(event) = prop.name().and_then(|n| n.decoded_value().ok()) else {
            continue;
        };
        let Some(groups) = prop.array_value() else {
            continue;
        };
        let mut emptied = false;
        for group in groups.elements() {
            let Some(g) = group.as_object() else { continue };
            let Some(handlers) = g.array_value("hooks") else {
                continue;
            };
            let head = group_head(&as_value(&g.to_string()));
            let mut removed_here = false;
            for handler in handlers.elements() {
                let e = json_entry(&event, &head, &as_value(&handler.to_string()));
                if take(&e) {
                    handler.remove();
                    gone.push(e.clone());
                    removed_here = true;
                }
                all.push(e);
            }
            if removed_here && handlers.elements().is_empty() {
                group.remove();
                emptied = true;
            }
        }
        if emptied && groups.elements().is_empty() {
            prop.remove();
        }
    }
    if gone.is_empty() {
        return Some((text.to_string(), all, gone));
    }
    Some((root.to_string(), all, gone))
}

/// Where the record of `target` is kept: beside it, hidden, in a name no agent reads.
pub fn record_path(target: &Path) -> PathBuf {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    target.with_file_name(format!(".{name}{RECORD_SUFFIX}"))
}

/// One entry of a record: an entry of the target written from a source file.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct Claim {
    /// The source file ([`source_id`]).
    pub from: String,
    /// The entry's [`Entry::digest`].
    pub sha256: String,
}

/// Why a record file could not be read.
#[derive(Debug, thiserror::Error)]
#[error("not a `hooks import` record: {0}")]
pub struct RecordError(String);

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordFile {
    note: String,
    target: String,
    hooks: Vec<Claim>,
}

/// The claims of a record file's text.
pub fn read_record(text: &str) -> Result<Vec<Claim>, RecordError> {
    let r: RecordFile = serde_json::from_str(text).map_err(|e| RecordError(e.to_string()))?;
    if r.hooks.iter().any(|c| c.sha256.len() != 64) {
        return Err(RecordError("a `sha256` is not 64 hex digits".into()));
    }
    Ok(r.hooks)
}

/// The text of the record of the file named `target` holding `claims` (sorted: the record
/// does not change when the import's order does).
pub fn render_record(target: &str, claims: &[Claim]) -> String {
    let mut hooks = claims.to_vec();
    hooks.sort();
    let r = RecordFile {
        note: format!(
            "Written by `hooks import`: which hook entries of {target} it wrote, and from which file, so that importing again replaces them. A hook edited by hand is yours from then on; delete this file to keep every hook as it is."
        ),
        target: target.to_string(),
        hooks,
    };
    let mut s = serde_json::to_string_pretty(&r).unwrap_or_default();
    s.push('\n');
    s
}

/// How a record names a source file: relative to the record's directory when both are under
/// `root` (the project, for a committed record: the same in every clone), else absolute.
pub fn source_id(record_dir: &Path, root: Option<&Path>, source: &Path) -> String {
    let rel = root.and_then(|r| {
        let from = record_dir.strip_prefix(r).ok()?;
        let to = source.strip_prefix(r).ok()?;
        let mut out = PathBuf::new();
        for c in from.components() {
            match c {
                Component::Normal(_) => out.push(".."),
                Component::CurDir => {}
                _ => return None,
            }
        }
        out.push(to);
        Some(out)
    });
    rel.unwrap_or_else(|| source.to_path_buf())
        .to_string_lossy()
        .into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_removal_keeps_the_rest_and_drops_emptied_groups() {
        let text = "{\n  // mine\n  \"model\": \"x\",\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"a\"}]},\n      {\"hooks\": [{\"type\": \"command\", \"command\": \"b\"}, {\"type\": \"command\", \"command\": \"c\"}]}\n    ],\n    \"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"d\"}]}]\n  }\n}\n";
        let all = entries(Convention::ClaudeSettings, text).unwrap();
        assert_eq!(all.len(), 4);
        let cmd = |c: &str| all.iter().find(|e| e.command == c).unwrap().digest.clone();
        let (out, _, gone) = remove(
            Convention::ClaudeSettings,
            text,
            &[cmd("a"), cmd("c"), cmd("d")],
        )
        .unwrap();
        assert_eq!(gone.len(), 3);
        assert!(
            out.contains("// mine") && out.contains("\"model\""),
            "{out}"
        );
        let left = entries(Convention::ClaudeSettings, &out).unwrap();
        assert_eq!(left.len(), 1, "{out}");
        assert_eq!(left[0].command, "b");
        assert!(!out.contains("Stop") && !out.contains("Bash"), "{out}");
        // Another matcher is another entry.
        let other = text.replace("\"Bash\"", "\"Edit\"");
        let moved = entries(Convention::ClaudeSettings, &other).unwrap();
        assert_ne!(moved[0].digest, all[0].digest);
        // Key order is not an edit.
        let reordered = text.replace(
            "{\"type\": \"command\", \"command\": \"a\"}",
            "{\"command\": \"a\", \"type\": \"command\"}",
        );
        assert_eq!(
            entries(Convention::ClaudeSettings, &reordered).unwrap()[0].digest,
            all[0].digest
        );
    }

    #[test]
    fn the_plain_parse_and_the_cst_give_the_same_digests() {
        // What `entries` reads (serde) and what `remove` edits (the CST) must agree, or an
        // entry found would not be removable.
        let text = "{\n  /* c */ \"hooks\": {\"PreToolUse\": [{\"matcher\": \"B\\u0061sh\", // x\n \"hooks\": [{\"type\": \"command\", \"command\": \"a \\\"q\\\" \\u00e9\", \"timeout\": 1.50, \"async\": false}, {\"command\": \"b\", \"timeout\": 1e3}]}], \"Stop\": [{\"hooks\": []}, {\"hooks\": [{\"type\": \"command\", \"command\": \"c\", \"env\": {\"z\": 1, \"a\": [null, true]}}]}]}\n}\n";
        for c in [
            Convention::ClaudeSettings,
            Convention::CodexJson,
            Convention::GeminiSettings,
        ] {
            let mut plain: Vec<String> = entries(c, text)
                .unwrap()
                .into_iter()
                .map(|e| e.digest)
                .collect();
            let (_, all, _) = remove(c, text, &[]).unwrap();
            let mut cst: Vec<String> = all.into_iter().map(|e| e.digest).collect();
            plain.sort();
            cst.sort();
            assert_eq!(plain.len(), 3);
            assert_eq!(plain, cst);
            for d in &plain {
                let (out, _, gone) = remove(c, text, std::slice::from_ref(d)).unwrap();
                assert_eq!(gone.len(), 1, "{out}");
                assert_eq!(entries(c, &out).unwrap().len(), 2, "{out}");
            }
        }
    }

    #[test]
    fn jarvis_and_jcode_removal() {
        let text = "# top\n[[hooks]]\nevent = \"Stop\"\ncommand = \"a\"\n\n[[hooks]]\nevent = \"Stop\"\ncommand = \"b\"\ntimeout = 5\n";
        let all = entries(Convention::Jarvis, text).unwrap();
        let (out, _, gone) = remove(Convention::Jarvis, text, &[all[0].digest.clone()]).unwrap();
        assert_eq!(gone[0].command, "a");
        assert!(out.starts_with("# top\n"), "{out}");
        assert_eq!(entries(Convention::Jarvis, &out).unwrap()[0].command, "b");

        let text = "[hooks]\npre_tool = \"x\" # keep\nturn_end = [\"a\", \"b\"]\n[other]\nk = 1\n";
        let all = entries(Convention::Jcode, text).unwrap();
        assert_eq!(all.len(), 3);
        let cmd = |c: &str| all.iter().find(|e| e.command == c).unwrap().digest.clone();
        let (out, _, _) = remove(Convention::Jcode, text, &[cmd("x"), cmd("a")]).unwrap();
        assert_eq!(out, "[hooks]\nturn_end = [ \"b\"]\n[other]\nk = 1\n");
    }

    #[test]
    fn records_round_trip_and_source_ids_are_relative_under_the_root() {
        let claims = vec![Claim {
            from: "../.claude/settings.json".into(),
            sha256: "0".repeat(64),
        }];
        let text = render_record("hooks.json", &claims);
        assert_eq!(read_record(&text).unwrap(), claims);
        assert!(read_record("{}").is_err());
        let root = Path::new("/p");
        assert_eq!(
            source_id(
                Path::new("/p/.codex"),
                Some(root),
                Path::new("/p/.claude/settings.json")
            ),
            "../.claude/settings.json"
        );
        assert_eq!(
            source_id(Path::new("/h/.jcode"), Some(root), Path::new("/p/x.json")),
            "/p/x.json"
        );
        assert_eq!(
            record_path(Path::new("/p/.codex/hooks.json")),
            Path::new("/p/.codex/.hooks.json.hooks-import")
        );
    }
}
