//! Exit codes are public API (design.md, docs/cli.md).

use std::process::ExitCode;

/// The process exit status of every `hooks` command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// 0: lint found no error (and no warning under `--deny-warnings`); other commands succeeded.
    Success,
    /// 1: lint found an error (or a warning under `--deny-warnings`); other commands refused
    /// (e.g. an import conflict without `--force`).
    Findings,
    /// 2: usage error or I/O failure.
    Failure,
    /// `hooks bridge`: the exit code the host agent's hook protocol prescribes (0, or 2 for a
    /// Jarvis block).
    Host(u8),
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> Self {
        ExitCode::from(match e {
            Exit::Success => 0,
            Exit::Findings => 1,
            Exit::Failure => 2,
            Exit::Host(code) => code,
        })
    }
}
