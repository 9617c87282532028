//! `hooks bridge`: the hook an agent runs ([`hook`]), and `hooks bridge install|uninstall`
//! ([`install`]). See docs/bridge.md.

mod guarantees;
mod hook;
mod install;
mod install_files;
mod stash;
mod warm;

use crate::args::{BridgeAction, BridgeArgs};
use crate::exit::Exit;

/// Runs `hooks bridge`.
pub fn run(a: BridgeArgs) -> anyhow::Result<Exit> {
    match a.action {
        Some(BridgeAction::Install(i)) => install::install(i),
        Some(BridgeAction::Uninstall(i)) => install::uninstall(i),
        Some(BridgeAction::Supervise(s)) => super::detached::supervise(s),
        Some(BridgeAction::Serve(s)) => warm::serve(s),
        None => Ok(hook::run(a.run)),
    }
}
