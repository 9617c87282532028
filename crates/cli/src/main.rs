//! The `hooks` binary: thin. Parses arguments, calls the crates, renders, returns an exit code.

/// `print!` through [`stdout::print`]: no panic when stdout is closed early.
macro_rules! out {
    ($($t:tt)*) => { $crate::stdout::print(&format!($($t)*)) };
}

/// `println!` through [`stdout::print`].
macro_rules! outln {
    () => { $crate::stdout::print("\n") };
    ($($t:tt)*) => { $crate::stdout::print(&format!("{}\n", format_args!($($t)*))) };
}

mod args;
mod commands;
mod exit;
#[cfg(test)]
mod gen_docs;
mod render;
mod stdout;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    match commands::run(cli) {
        Ok(code) => code.into(),
        Err(e) => {
            // Errors quote arguments and file contents: no escape sequence reaches the terminal.
            eprintln!("{}", render::human::visible(&format!("error: {e:#}")));
            exit::Exit::Failure.into()
        }
    }
}
