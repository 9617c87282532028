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

use clap::Parser as _;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match args::Cli::try_parse() {
        Ok(cli) => cli,
        // Help and version are ours to print as clap does; a usage error quotes the argument,
        // which must not reach the terminal as an escape sequence (`--convention $'\e[2J'`).
        Err(e) if !e.use_stderr() => e.exit(),
        Err(e) => {
            // Rendered again without clap's own styles, so the only escape sequences left are
            // the user's, shown as pictures (`␛[2J`), not stripped or sent.
            use clap::CommandFactory as _;
            let plain = args::Cli::command()
                .styles(clap::builder::Styles::plain())
                .try_get_matches()
                .err()
                .unwrap_or(e);
            eprint!(
                "{}",
                render::human::visible(&plain.render().ansi().to_string())
            );
            return exit::Exit::Failure.into();
        }
    };
    match commands::run(cli) {
        Ok(code) => code.into(),
        Err(e) => {
            // Errors quote arguments and file contents: no escape sequence reaches the terminal.
            eprintln!("{}", render::human::visible(&format!("error: {e:#}")));
            exit::Exit::Failure.into()
        }
    }
}
