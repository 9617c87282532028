//! The `hooks` binary: thin. Parses arguments, calls the crates, renders, returns an exit code.

mod args;
mod commands;
mod exit;
#[cfg(test)]
mod gen_docs;
mod render;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    match commands::run(cli) {
        Ok(code) => code.into(),
        Err(e) => {
            eprintln!("error: {e:#}");
            exit::Exit::Failure.into()
        }
    }
}
