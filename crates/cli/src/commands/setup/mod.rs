//! `hooks setup TARGET`: an agent's file set up for what it needs of `hooks` (one module per
//! target).

mod codex;

use crate::args::{SetupArgs, SetupTarget};
use crate::exit::Exit;

/// Runs `hooks setup`.
pub fn run(a: SetupArgs) -> anyhow::Result<Exit> {
    match a.target {
        SetupTarget::Codex(c) => codex::codex(c),
    }
}
