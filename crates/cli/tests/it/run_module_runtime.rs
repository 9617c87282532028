//! `hooks run` and GJC module hooks that cannot be loaded (issue 13): the real binary, a real
//! Node.js, a real Bun (the one `npm ci` installs at the workspace root) and a `PATH` from which
//! Bun is hidden. A TypeScript guard with no Bun must not answer "allow": `module_not_loaded`
//! on stderr, `block` and exit 1; with Bun in the project's `node_modules/.bin` it runs.

use crate::common;

use common::path_without_bun;
use runner::module_host::find_local_bun;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A `tool_call` guard in TypeScript (type annotations: Node.js 20 cannot import it).
const TS_GUARD: &str = r#"export default (api: { on(e: string, h: (e: { input: { command?: string } }) => unknown): void }): void => {
  api.on("tool_call", (e: { input: { command?: string } }) => {
    const c: string = e.input.command ?? "";
    if (c.includes("rm -rf")) return { block: true, reason: "ts guard: no rm -rf" };
    return undefined;
  });
};
"#;

/// The Bun `npm ci` installs at the workspace root. A missing Bun fails the test: skipping
/// would pass without testing anything.
fn workspace_bun() -> PathBuf {
    let bun = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../node_modules/.bin/bun");
    assert!(
        bun.is_file(),
        "Bun is missing: run `npm ci` at the workspace root (it installs node_modules/.bin/bun)"
    );
    std::fs::canonicalize(bun).unwrap()
}

/// Whether the `node` on PATH runs TypeScript itself (Node.js ≥ 23.6 strips types), asked of
/// that node rather than guessed from its version: then a TypeScript guard needs no Bun.
fn node_strips_types() -> bool {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("probe.ts");
    std::fs::write(&f, "const n: number = 1;\nprocess.exit(n === 1 ? 0 : 3);\n").unwrap();
    Command::new("node")
        .arg(&f)
        .stderr(std::process::Stdio::null())
        .status()
        .expect("node runs")
        .success()
}

/// A temp tree with `project/` (holding `files`) and an empty `home/`.
struct Tree {
    dir: tempfile::TempDir,
}

impl Tree {
    fn new(files: &[(&str, &str)]) -> Tree {
        let dir = tempfile::tempdir().unwrap();
        for (rel, text) in files {
            let p = dir.path().join("project").join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        std::fs::create_dir_all(dir.path().join("home")).unwrap();
        let t = Tree { dir };
        assert_eq!(
            find_local_bun(&t.project()),
            None,
            "a node_modules/.bin/bun above the temp dir would hide what is tested"
        );
        t
    }
    fn project(&self) -> PathBuf {
        self.dir.path().join("project")
    }
    /// `node_modules/.bin/bun` in the project, as `npm install bun` leaves it: a link to the
    /// workspace's real Bun.
    #[cfg(unix)]
    fn install_bun(&self) {
        let bin = self.project().join("node_modules/.bin");
        std::fs::create_dir_all(&bin).unwrap();
        std::os::unix::fs::symlink(workspace_bun(), bin.join("bun")).unwrap();
    }
    /// `hooks run KIND PROJECT --home HOME --no-env ARGS` with `PATH` = [`path_without_bun`].
    fn run(&self, kind: &str, args: &[&str]) -> Output {
        let home = self.dir.path().join("home");
        common::bin()
            .args(["run", kind])
            .arg(self.project())
            .arg("--home")
            .arg(&home)
            .arg("--no-env")
            .args(args)
            .current_dir(self.dir.path())
            .env("HOME", &home)
            .env("PATH", path_without_bun())
            .env("NO_COLOR", "1")
            .output()
            .expect("the hooks binary runs")
    }
}

fn json(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}): {}\nstderr: {}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )
    })
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const RM: [&str; 4] = ["--tool", "bash", "--input", r#"{"command":"rm -rf /"}"#];

#[test]
fn a_typescript_guard_without_bun_is_an_error_and_never_an_allow() {
    let tree = Tree::new(&[(".gjc/hooks/pre/bash.ts", TS_GUARD)]);
    for input in [r#"{"command":"rm -rf /"}"#, r#"{"command":"ls"}"#] {
        let o = tree.run("pre_tool_use", &["--tool", "bash", "--input", input]);
        let v = json(&o);
        if node_strips_types() {
            // This Node.js runs TypeScript itself: the guard answers, exit 0.
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            let blocked = input.contains("rm -rf");
            assert_eq!(v["decision"], if blocked { "block" } else { "allow" });
            continue;
        }
        assert_eq!(o.status.code(), Some(1), "stderr: {}", stderr(&o));
        assert_eq!(v["decision"], "block", "{v}");
        let reason = v["reason"].as_str().unwrap();
        assert!(
            reason.contains("cannot run TypeScript hook module")
                && reason.contains("Bun was not found"),
            "{reason}"
        );
        assert_eq!(v["hooks"][0]["outcome"], "failed", "{v}");
        let e = stderr(&o);
        assert!(
            e.contains(
                "error[module_not_loaded] at .gjc/hooks/pre/bash.ts: hook `gjc:.gjc/hooks/pre/bash.ts` was not loaded, so it cannot answer and `hooks run` answers block: cannot run TypeScript hook module"
            ) && e.contains("node_modules/.bin/bun")
                && e.contains("npm install bun"),
            "{e}"
        );
        // One line about it, not a second `note:` repeating the same error.
        assert!(!e.contains("note: hook"), "{e}");
    }
}

#[cfg(unix)]
#[test]
fn a_typescript_guard_runs_on_the_bun_in_the_projects_node_modules() {
    let tree = Tree::new(&[(".gjc/hooks/pre/bash.ts", TS_GUARD)]);
    tree.install_bun();
    let o = tree.run("pre_tool_use", &RM);
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["decision"], "block", "{v}");
    assert_eq!(v["reason"], "ts guard: no rm -rf");
    assert_eq!(v["hooks"][0]["outcome"], "blocked");
    let o = tree.run(
        "pre_tool_use",
        &["--tool", "bash", "--input", r#"{"command":"ls"}"#],
    );
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    assert_eq!(json(&o)["decision"], "allow");
    assert!(!stderr(&o).contains("module_not_loaded"), "{}", stderr(&o));
}

#[cfg(unix)]
#[test]
fn the_bun_of_a_workspace_above_the_project_is_found_too() {
    // `npm install bun` at a monorepo's root: Node.js resolution walks up, so does the host.
    let tree = Tree::new(&[(".gjc/hooks/pre/bash.ts", TS_GUARD)]);
    let bin = tree.dir.path().join("node_modules/.bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::os::unix::fs::symlink(workspace_bun(), bin.join("bun")).unwrap();
    let o = tree.run("pre_tool_use", &RM);
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    assert_eq!(json(&o)["reason"], "ts guard: no rm -rf");
}

#[test]
fn an_observer_without_bun_is_a_warning_and_the_exit_stays_0() {
    let tree = Tree::new(&[(
        ".gjc/hooks/post/bash.ts",
        "export default (api: any): void => { api.on(\"tool_result\", (): undefined => undefined); };\n",
    )]);
    let o = tree.run("post_tool_use", &["--tool", "bash"]);
    let v = json(&o);
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    assert_eq!(v["decision"], "allow");
    if node_strips_types() {
        assert_eq!(v["hooks"][0]["outcome"], "allowed");
        return;
    }
    assert_eq!(v["hooks"][0]["outcome"], "failed");
    let e = stderr(&o);
    assert!(
        e.contains(
            "warning[module_not_loaded] at .gjc/hooks/post/bash.ts: hook `gjc:.gjc/hooks/post/bash.ts` was not loaded, so its handlers did not run: cannot run TypeScript hook module"
        ),
        "{e}"
    );
}

#[test]
fn a_javascript_guard_that_does_not_import_fails_closed_unlike_gjc() {
    // GJC reports the module and runs without it (extensibility/hooks/loader.ts, loadHook);
    // `hooks run` is how a guard is checked, so it says so and answers block, exit 1.
    let tree = Tree::new(&[(
        ".gjc/hooks/pre/edit.js",
        "export default (api) => { this is not javascript\n",
    )]);
    let o = tree.run("pre_tool_use", &["--tool", "edit"]);
    assert_eq!(o.status.code(), Some(1), "stderr: {}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["decision"], "block", "{v}");
    let reason = v["reason"].as_str().unwrap();
    assert!(
        reason.starts_with("hook `gjc:.gjc/hooks/pre/edit.js` was not loaded: could not load ")
            && reason.contains("edit.js"),
        "{reason}"
    );
    let e = stderr(&o);
    assert!(
        e.contains("error[module_not_loaded] at .gjc/hooks/pre/edit.js: hook `gjc:.gjc/hooks/pre/edit.js` was not loaded, so it cannot answer and `hooks run` answers block: could not load"),
        "{e}"
    );
}
