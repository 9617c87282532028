//! Bridge scenarios (issue 16): the run's project holds hooks of conventions the agent does not
//! read (a GJC module, a Jarvis config in the home), and the real `hooks` binary — built from
//! this workspace — installs itself into the agent's config with `hooks bridge install`. The
//! agent then runs those hooks through `hooks bridge`, which must be on its `PATH` together with
//! Node.js (for GJC modules): both are linked into the run's `bin/`.

use crate::agents::Agent;
use crate::{Error, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The `hooks` binary the recorder uses, when set (else it is built with cargo).
pub const HOOKS_BIN_ENV: &str = "CONFORMANCE_HOOKS_BIN";

/// The agents' `PATH` after the run's `bin/` (the one `Agent::env` gives every agent).
const SYSTEM_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// Builds the workspace's `hooks` binary (`cargo build -p hooks-cli --bin hooks`, the cargo that
/// runs the recorder, the same target dir and profile as `cargo test`) and returns its path.
/// The recorder builds it before entering its network namespace: cargo may want the registry.
pub fn build_hooks(repo: &Path) -> Result<PathBuf> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(&cargo)
        .args([
            "build",
            "-q",
            "-p",
            "hooks-cli",
            "--bin",
            "hooks",
            "--message-format=json-render-diagnostics",
        ])
        .current_dir(repo)
        .stderr(std::process::Stdio::inherit())
        .output()
        .map_err(|e| Error::msg(format!("cannot run cargo to build `hooks`: {e}")))?;
    if !out.status.success() {
        return Err(Error::msg("`cargo build -p hooks-cli --bin hooks` failed"));
    }
    // The artifact message of the `hooks` binary names the file, wherever the target dir is.
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if v["reason"] == "compiler-artifact" && v["target"]["name"] == "hooks" {
            if let Some(exe) = v["executable"].as_str() {
                return Ok(PathBuf::from(exe));
            }
        }
    }
    Err(Error::msg(
        "cargo built `hooks` but did not say where the binary is",
    ))
}

/// The `hooks` binary named by [`HOOKS_BIN_ENV`].
pub fn hooks_binary() -> Result<PathBuf> {
    let p = std::env::var_os(HOOKS_BIN_ENV).map(PathBuf::from).ok_or_else(|| {
        Error::msg(format!(
            "a bridge scenario needs the `hooks` binary: `conformance record` builds it, or set {HOOKS_BIN_ENV}"
        ))
    })?;
    if !p.is_file() {
        return Err(Error::msg(format!(
            "{HOOKS_BIN_ENV}={}: no such file",
            p.display()
        )));
    }
    Ok(p)
}

/// Node.js as this process finds it on `PATH`.
fn node() -> Result<PathBuf> {
    runner::module_host::find_on_path("node").ok_or_else(|| {
        Error::msg("a bridge scenario needs Node.js on PATH (the GJC module host runs it)")
    })
}

/// Makes `<root>/bin` with `node` (and `hooks`, when given) linked in, and returns it.
pub fn bin_dir(root: &Path, hooks: Option<&Path>) -> Result<PathBuf> {
    let bin = root.join("bin");
    std::fs::create_dir_all(&bin)?;
    let node = node()?;
    let mut links = vec![("node", node.as_path())];
    if let Some(h) = hooks {
        links.push(("hooks", h));
    }
    for (name, target) in links {
        let link = bin.join(name);
        if !link.exists() {
            std::os::unix::fs::symlink(target, &link)?;
        }
    }
    Ok(bin)
}

/// `env` (an agent's whole environment) with `bin` first on its `PATH`, and `HOOKS_BRIDGE_WAIT`.
pub fn with_bin(mut env: Vec<(String, String)>, bin: &Path) -> Vec<(String, String)> {
    let path = format!("{}:{SYSTEM_PATH}", bin.display());
    match env.iter_mut().find(|(k, _)| k == "PATH") {
        Some((_, v)) => *v = path,
        None => env.push(("PATH".into(), path)),
    }
    // The run's PID namespace ends every process when the agent exits, a hook handed to a
    // supervisor included: the bridge waits for such hooks instead, so whether one finished
    // does not depend on the machine's load (`hooks bridge --wait`).
    env.push(("HOOKS_BRIDGE_WAIT".into(), "1".into()));
    env
}

/// Runs `hooks bridge install --host <agent's convention>` for the run's project, with the run's
/// home and `bin/` first on `PATH` (so each entry runs plain `hooks`, as for a user who has it
/// installed); returns what it printed.
pub fn install(root: &Path, agent: Agent, bin: &Path, flags: &[String]) -> Result<String> {
    let host = agent.convention().ok_or_else(|| {
        Error::msg(format!(
            "{} has no convention to host the bridge",
            agent.id()
        ))
    })?;
    let out = Command::new(bin.join("hooks"))
        .args(["bridge", "install", "--host", host.as_str()])
        .args(flags)
        .arg(root.join("project"))
        .env_clear()
        .envs(with_bin(
            vec![
                ("HOME".into(), root.join("home").display().to_string()),
                ("LANG".into(), "C.UTF-8".into()),
            ],
            bin,
        ))
        .current_dir(root.join("project"))
        .output()
        .map_err(|e| Error::msg(format!("cannot run `hooks bridge install`: {e}")))?;
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    if !out.status.success() {
        return Err(Error::msg(format!(
            "`hooks bridge install --host {host}` failed ({}):\n{stdout}{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        )));
    }
    Ok(stdout)
}
