//! The recorder runs inside a network namespace with loopback only: it re-executes itself under
//! `unshare --net` and brings `lo` up, so neither the agents nor the model servers can reach
//! anything but 127.0.0.1.

use crate::{Error, Result};
use std::process::Command;

/// Set in the re-executed recorder.
pub const INSIDE: &str = "CONFORMANCE_IN_NETNS";

/// Whether this process is the re-executed one.
pub fn inside() -> bool {
    std::env::var_os(INSIDE).is_some()
}

/// Re-executes this program with the same arguments in a new network namespace and returns its
/// exit code.
pub fn reexec() -> Result<i32> {
    let exe = std::env::current_exe()?;
    let status = Command::new("unshare")
        .arg("--net")
        .arg("--")
        .arg(exe)
        .args(std::env::args_os().skip(1))
        .env(INSIDE, "1")
        .status()
        .map_err(|e| {
            Error::msg(format!(
                "cannot run `unshare --net` (util-linux, root): {e}"
            ))
        })?;
    Ok(status.code().unwrap_or(2))
}

/// Brings the loopback interface up (a new namespace starts with it down).
pub fn loopback_up() -> Result<()> {
    let out = Command::new("ip")
        .args(["link", "set", "lo", "up"])
        .output()
        .map_err(|e| Error::msg(format!("cannot run `ip` (iproute2): {e}")))?;
    if !out.status.success() {
        return Err(Error::msg(format!(
            "`ip link set lo up` failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    Ok(())
}
