//! `hooks completions SHELL`.

use crate::args::{Cli, CompletionsArgs};
use crate::exit::Exit;
use clap::CommandFactory;
use std::io::Write;

/// Runs `hooks completions`: prints the completion script of a shell.
pub fn run(a: CompletionsArgs) -> anyhow::Result<Exit> {
    let mut cmd = Cli::command();
    // Generated into a buffer, then written: clap_complete panics on a write error (a closed
    // pipe), and a closed pipe is not worth a panic.
    let mut script = Vec::new();
    clap_complete::generate(a.shell, &mut cmd, "hooks", &mut script);
    let mut out = std::io::stdout().lock();
    match out.write_all(&script).and_then(|()| out.flush()) {
        Ok(()) => Ok(Exit::Success),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(Exit::Success),
        Err(e) => Err(e.into()),
    }
}
