//! `hooks bridge uninstall` gives back the host file's original bytes when nothing else changed
//! (issue 33), for every host, whether the file did not exist, had no `hooks`, or had hooks of
//! the user's; a file edited between install and uninstall keeps the user's edits. Real binary,
//! real files.

use crate::common;
use std::path::{Path, PathBuf};
use std::process::Output;

/// The host file of each host, relative to the tree, and its event for a user's own hook.
const HOSTS: &[(&str, &str, &str)] = &[
    (
        "claude-settings",
        "project/.claude/settings.json",
        "PreToolUse",
    ),
    ("codex-json", "project/.codex/hooks.json", "PreToolUse"),
    (
        "gemini-settings",
        "project/.gemini/settings.json",
        "BeforeTool",
    ),
    ("jarvis", "home/.jarvis-code/config.toml", "Stop"),
    ("qwen-settings", "project/.qwen/settings.json", "PreToolUse"),
    (
        "copilot-hooks",
        "project/.github/hooks/hooks.json",
        "preToolUse",
    ),
];

struct Tree {
    dir: tempfile::TempDir,
}

impl Tree {
    /// A project with a GJC guard (bridged into every host).
    fn new() -> Tree {
        let t = Tree {
            dir: tempfile::tempdir().unwrap(),
        };
        t.write(
            "project/.gjc/hooks/pre/bash.js",
            "export default (api) => { api.on('tool_call', () => undefined) }\n",
        );
        std::fs::create_dir_all(t.path("home")).unwrap();
        t
    }
    fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }
    fn write(&self, rel: &str, text: &str) {
        let p = self.path(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    fn hooks(&self, args: &[&str]) -> Output {
        let mut cmd = common::bin();
        cmd.args(args)
            .current_dir(self.path("project"))
            .env("HOME", self.path("home"))
            .env_remove("XDG_STATE_HOME");
        let o = cmd.output().unwrap();
        assert_eq!(
            o.status.code(),
            Some(0),
            "{args:?}: {}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        o
    }
    fn read(&self, rel: &str) -> Option<Vec<u8>> {
        std::fs::read(self.path(rel)).ok()
    }
}

/// The file before install, per host and case: `None` (absent), no hooks, hooks of the user's.
fn originals(host: &str, event: &str) -> [Option<String>; 3] {
    if host == "jarvis" {
        return [
            None,
            Some("# my Jarvis settings\n\n\n".into()),
            Some(format!(
                "# mine\n[[hooks]]\nevent = \"{event}\"\ncommand   = \"echo  mine\"\n"
            )),
        ];
    }
    // A Copilot CLI hooks file: `version` and `hooks`, entries flat in the event's array.
    if host == "copilot-hooks" {
        return [
            None,
            Some("{\n    \"version\":   1,\n\n  \"description\": \"opus\"\n}".into()),
            Some(format!(
                "{{\"version\": 1,\n  \"hooks\": {{\n  \"{event}\": [ {{\"type\": \"command\",  \"bash\": \"echo mine\"}} ]\n}}\n}}\n"
            )),
        ];
    }
    // Codex's hooks.json knows only `description` and `hooks`.
    let (k1, k2) = match host {
        "codex-json" => ("description", "description"),
        _ => ("model", "theme"),
    };
    let second = if k1 == k2 {
        String::new()
    } else {
        format!(",\n\n  \"{k2}\": \"dark\"")
    };
    [
        None,
        Some(format!("{{\n    \"{k1}\":   \"opus\" {second}\n}}")),
        Some(format!(
            "{{\"hooks\": {{\n  \"{event}\": [ {{\"matcher\": \"Bash\",\n    \"hooks\": [{{\"type\": \"command\", \"command\": \"echo mine\"}}]}} ]\n}},\n  \"{k1}\": \"opus\"\n}}\n"
        )),
    ]
}

#[test]
fn install_then_uninstall_gives_back_the_original_bytes_for_every_host() {
    for &(host, file, event) in HOSTS {
        for original in originals(host, event) {
            let t = Tree::new();
            if let Some(text) = &original {
                t.write(file, text);
            }
            t.hooks(&["bridge", "install", "--host", host]);
            let installed = t.read(file).expect("install wrote the file");
            assert!(
                String::from_utf8_lossy(&installed).contains("bridge --host"),
                "{host}: {}",
                String::from_utf8_lossy(&installed)
            );
            // Installing again changes nothing, and does not lose the original.
            t.hooks(&["bridge", "install", "--host", host]);
            t.hooks(&["bridge", "uninstall", "--host", host]);
            assert_eq!(
                t.read(file).map(|b| String::from_utf8(b).unwrap()),
                original,
                "{host}: uninstall gave back the original bytes"
            );
            if original.is_none() {
                let parent = t.path(file).parent().unwrap().to_path_buf();
                assert!(
                    !parent.exists(),
                    "{host}: the directory install made is gone"
                );
            }
        }
    }
}

#[test]
fn a_file_edited_between_install_and_uninstall_keeps_the_users_edits() {
    for &(host, file, event) in HOSTS {
        let t = Tree::new();
        let original = originals(host, event)[1].clone().unwrap();
        t.write(file, &original);
        t.hooks(&["bridge", "install", "--host", host]);
        let installed = String::from_utf8(t.read(file).unwrap()).unwrap();
        // The user edits one value while the entries are installed.
        let (from, to) = if host == "jarvis" {
            ("# my Jarvis settings", "# my edited Jarvis settings")
        } else {
            ("\"opus\"", "\"sonnet\"")
        };
        assert!(installed.contains(from), "{host}: {installed}");
        t.write(file, &installed.replace(from, to));
        t.hooks(&["bridge", "uninstall", "--host", host]);
        let after = String::from_utf8(t.read(file).unwrap()).unwrap();
        assert!(!after.contains("bridge --host"), "{host}: {after}");
        assert!(after.contains(to), "{host}: the edit stayed: {after}");
        // The entries went and the `hooks` key install added with them; the writer may have
        // normalised the end of the file when it installed, nothing else changed.
        let expected = original.replace(from, to);
        if host == "jarvis" {
            assert_eq!(after.trim_end(), expected.trim_end(), "{host}");
        } else {
            let v = |t: &str| serde_json::from_str::<serde_json::Value>(t).unwrap();
            assert_eq!(v(&after), v(&expected), "{host}: {after}");
        }
    }
}

#[test]
fn uninstall_of_an_unknown_install_still_removes_only_the_entries() {
    // No stash (installed by an older `hooks`, or the state directory was cleared): the
    // entries go and an emptied `hooks` key with them.
    let t = Tree::new();
    let file = "project/.claude/settings.json";
    t.write(file, "{\n  \"model\": \"opus\"\n}\n");
    t.hooks(&["bridge", "install", "--host", "claude-settings"]);
    std::fs::remove_dir_all(t.path("home/.local/state")).unwrap();
    t.hooks(&["bridge", "uninstall", "--host", "claude-settings"]);
    assert_eq!(
        String::from_utf8(t.read(file).unwrap()).unwrap(),
        "{\n  \"model\": \"opus\"\n}\n"
    );
    assert!(!Path::new(&t.path("home/.local/state")).exists());
}
